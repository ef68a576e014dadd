import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { INVITE_ROLES, inviteMemberSchema } from '@coffer/contracts';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  FormField,
  Spinner,
  toast,
} from '@coffer/ui';
import { useZodForm } from '@coffer/ui/form';
import { ChoiceSelect, roleLabel } from '../../../components/choice-select';
import { failureToast } from '../../../lib/failure-toast';
import { useInviteMemberMutation } from '../api/team-api';

type InviteRole = (typeof INVITE_ROLES)[number];
const ROLE_CHOICES = INVITE_ROLES.map((value) => ({ value, label: roleLabel(value) }));

/** The invite dialog (spec §2): an email and the role, member by default; the invitee gets an email with a sign-up link. */
export function InviteMemberDialog() {
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState<InviteRole>('member');
  const form = useZodForm(inviteMemberSchema, { email: '' });
  const [invite, { isLoading }] = useInviteMemberMutation();

  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset();
      setRole('member');
    }
  };

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await invite({ email, role }).unwrap();
      toast({ title: `Invitation sent to ${email}` });
      close(false);
    } catch (error) {
      failureToast('Failed to send invitation', error);
    }
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogTrigger asChild>
        <Button size="sm">
          <UserPlus aria-hidden className="size-4" />
          Invite Member
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Invite Team Member</DialogTitle>
          <DialogDescription>They get an email with a link to join your account.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} aria-label="Invite team member" className="flex flex-col gap-4">
          <FormField label="Email Address" type="email" autoComplete="off" placeholder="colleague@company.com" {...form.field('email')} />
          <ChoiceSelect label="Role" value={role} onChange={setRole} choices={ROLE_CHOICES} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isLoading}>
              {isLoading && <Spinner label="Sending" className="size-4" />}
              Send Invitation
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
