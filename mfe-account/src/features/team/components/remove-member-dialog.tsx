import { useState } from 'react';
import { handedOverFolderName, type ListTeamReply, type TeamMember } from '@coffer/contracts';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Spinner, toast } from '@coffer/ui';
import { ChoiceSelect, roleLabel } from '../../../components/choice-select';
import { failureToast } from '../../../lib/failure-toast';
import { useRemoveMemberMutation } from '../api/team-api';

interface RemoveMemberDialogProps {
  member: TeamMember;
  team: ListTeamReply;
  /** The account's name: its files stay with it. */
  accountName: string;
  onOpenChange: (open: boolean) => void;
}

/** Who may receive a departing member's files: the owner first (the default), then every other active member. */
export function filesReceivers(team: ListTeamReply, leaving: TeamMember) {
  const others = team.items.filter((m): m is TeamMember & { userId: string } => m.status === 'active' && m.userId !== null && m.id !== leaving.id);
  return [
    { value: team.owner.userId, label: `${team.owner.fullName || team.owner.email} (Owner)` },
    ...others.map((m) => ({ value: m.userId, label: `${m.fullName || m.email} (${roleLabel(m.role)})` })),
  ];
}

/**
 * Removing an active member (PRODUCT-DECISIONS "Organisation, membership and who owns the files"), asked first:
 * they are signed out, and their files stay with the account, in the My files of whom the remover chooses (the owner by default).
 */
export function RemoveMemberDialog({ member, team, accountName, onOpenChange }: RemoveMemberDialogProps) {
  const choices = filesReceivers(team, member);
  const [filesTo, setFilesTo] = useState(choices[0].value);
  const [remove, { isLoading }] = useRemoveMemberMutation();
  const name = member.fullName || member.email;

  const onRemove = async () => {
    try {
      await remove({ id: member.id, filesTo }).unwrap();
      toast({ title: 'Member removed' });
      onOpenChange(false);
    } catch (error) {
      failureToast('Failed to remove team member', error);
    }
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle className="break-words">Remove {name}?</DialogTitle>
          <DialogDescription>
            They lose access to {accountName} and are signed out at once. Their files stay with {accountName}.
          </DialogDescription>
        </DialogHeader>
        <ChoiceSelect label="Who receives their files" value={filesTo} onChange={setFilesTo} choices={choices} disabled={isLoading} />
        <p className="text-sm text-muted-foreground">
          Everything in their My files, trash included, moves into a folder “{handedOverFolderName(name)}” in this person’s My files. Shares they made keep
          working, under this person’s name.
        </p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" disabled={isLoading} onClick={() => void onRemove()}>
            {isLoading && <Spinner label="Removing" className="size-4" />}
            Remove member
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
