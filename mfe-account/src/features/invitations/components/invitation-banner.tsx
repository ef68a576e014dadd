import { useState } from 'react';
import { Users } from 'lucide-react';
import { INVITATION_EMAIL_NOT_CONFIRMED, memberFilesStay, type Invitation, type ListInvitationsReply } from '@coffer/contracts';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger, Spinner, toast } from '@coffer/ui';
import { failureToast } from '../../../lib/failure-toast';
import { useDeclineInvitationMutation, useJoinInvitationMutation, useLeaveTeamMutation, useListInvitationsQuery } from '../api/invitations-api';

/** Leaving the caller's account (a member, not its owner), asked first: what happens to their files there (they stay, with its owner). */
function LeaveAccountButton({ accountName }: { accountName: string }) {
  const [open, setOpen] = useState(false);
  const [leave, { isLoading }] = useLeaveTeamMutation();
  const onLeave = async () => {
    try {
      await leave().unwrap();
      setOpen(false);
      toast({ title: `You left ${accountName}`, description: 'You have an empty account of your own now.' });
    } catch (error) {
      failureToast(`Failed to leave ${accountName}`, error);
    }
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">Leave {accountName}</Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Leave {accountName}?</DialogTitle>
          <DialogDescription>
            {memberFilesStay(accountName)} You get an empty account of your own. To come back, someone in {accountName} must invite you again.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={isLoading} onClick={() => void onLeave()}>
            {isLoading && <Spinner />}
            Leave {accountName}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function InvitationNotice({ invitation, context }: { invitation: Invitation; context: Omit<ListInvitationsReply, 'items'> }) {
  const [join, joining] = useJoinInvitationMutation();
  const [decline, declining] = useDeclineInvitationMutation();
  const busy = joining.isLoading || declining.isLoading;
  const { accountName } = invitation;
  const note = !context.emailConfirmed ? INVITATION_EMAIL_NOT_CONFIRMED : (invitation.blocker ?? invitation.filesNote);
  const mayAnswer = context.emailConfirmed;

  const onJoin = async () => {
    try {
      await join(invitation.id).unwrap();
      toast({ title: `You joined ${accountName}` });
    } catch (error) {
      failureToast(`Failed to join ${accountName}`, error);
    }
  };
  const onDecline = async () => {
    try {
      await decline(invitation.id).unwrap();
      toast({ title: 'Invitation declined', description: `${accountName} has been told.` });
    } catch (error) {
      failureToast('Failed to decline the invitation', error);
    }
  };

  return (
    <section
      aria-label={`Invitation from ${accountName}`}
      className="flex flex-col gap-3 rounded-lg border border-primary/30 bg-background p-4 shadow-sm sm:flex-row sm:items-center"
    >
      <Users aria-hidden className="size-5 shrink-0 text-primary max-sm:hidden" />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{accountName} invited you to join their team</p>
        <p className="text-sm break-words text-muted-foreground">
          {invitation.inviterName} invited you as {invitation.role === 'admin' ? 'an admin' : 'a member'}. {note}
        </p>
      </div>
      <div className="flex flex-wrap gap-2 sm:shrink-0">
        {mayAnswer && invitation.blocker && context.canLeave && <LeaveAccountButton accountName={context.currentAccountName} />}
        <Button disabled={!mayAnswer || Boolean(invitation.blocker) || busy} onClick={() => void onJoin()}>
          {joining.isLoading && <Spinner />}
          Join
        </Button>
        <Button variant="outline" disabled={!mayAnswer || busy} onClick={() => void onDecline()}>
          Decline
        </Button>
      </div>
    </section>
  );
}

/**
 * The dashboard's banner of invitations to the signed-in user's own address:
 * "<Company> invited you to join their team" with Join and Decline. Joining is
 * the person's own choice; the server decides whether they may (a confirmed
 * address, and not in an account with other people), and the banner says why not.
 */
export function InvitationBanner() {
  const { data } = useListInvitationsQuery();
  if (!data || data.items.length === 0) return null;
  const { items, ...context } = data;
  return (
    <div className="mb-6 flex flex-col gap-3">
      {items.map((invitation) => (
        <InvitationNotice key={invitation.id} invitation={invitation} context={context} />
      ))}
    </div>
  );
}
