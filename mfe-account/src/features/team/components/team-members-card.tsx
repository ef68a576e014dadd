import { useState } from 'react';
import { roleMay, type ListTeamReply, type TeamMember } from '@coffer/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, toast } from '@coffer/ui';
import { toApiError, useGetProfileQuery } from '@coffer/web-core/store';
import { roleLabel } from '../../../components/choice-select';
import { ManagedList, RemoveButton } from '../../../components/managed-list';
import { failureToast } from '../../../lib/failure-toast';
import { InviteMemberDialog } from './invite-member-dialog';
import { RemoveMemberDialog } from './remove-member-dialog';
import { useListTeamQuery, useRemoveMemberMutation, useSignMemberOutMutation } from '../api/team-api';

/** Owners and admins sign an active member out of every browser (a stolen laptop, a departure in progress). */
function SignOutEverywhereButton({ member, name }: { member: TeamMember; name: string }) {
  const [signOut, { isLoading }] = useSignMemberOutMutation();
  const onSignOut = async () => {
    try {
      await signOut(member.id).unwrap();
      toast({ title: 'Signed out everywhere', description: `${name} is signed out of every browser.` });
    } catch (error) {
      failureToast('Failed to sign the member out', error);
    }
  };
  return (
    <Button type="button" variant="outline" size="sm" disabled={isLoading} aria-label={`Sign ${name} out everywhere`} onClick={() => void onSignOut()}>
      Sign out everywhere
    </Button>
  );
}

/** One row of the team; its remove button withdraws an invitation at once, and asks first before removing a member. */
function MemberRow({
  member,
  mayManage,
  isSelf,
  team,
  accountName,
}: {
  member: TeamMember;
  mayManage: boolean;
  isSelf: boolean;
  team: ListTeamReply;
  accountName: string;
}) {
  const [remove, { isLoading }] = useRemoveMemberMutation();
  const [confirming, setConfirming] = useState(false);
  const name = member.fullName || member.email;
  const onRemove = async () => {
    if (member.status === 'active') return setConfirming(true);
    try {
      await remove({ id: member.id }).unwrap();
      toast({ title: 'Member removed' });
    } catch (error) {
      failureToast('Failed to remove team member', error);
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
      {/* Addresses wrap rather than hide: on a phone the whole of one still shows. */}
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-medium break-all">{name}</p>
        {member.fullName && <p className="text-sm break-all text-muted-foreground">{member.email}</p>}
      </div>
      <div className="flex items-center gap-3 max-sm:w-full">
        <span className="text-sm text-muted-foreground">{roleLabel(member.role)}</span>
        {member.status === 'pending' ? <Badge variant="outline">Pending</Badge> : <Badge variant="secondary">Active</Badge>}
        {mayManage && member.status === 'active' && !isSelf && <SignOutEverywhereButton member={member} name={name} />}
        {mayManage && <RemoveButton label={`Remove ${name}`} pending={isLoading} onRemove={() => void onRemove()} className="ml-auto" />}
      </div>
      {confirming && <RemoveMemberDialog member={member} team={team} accountName={accountName} onOpenChange={setConfirming} />}
    </li>
  );
}

/** The account's owner heads the team: always active, never removed or signed out from here. */
function OwnerRow({ owner }: { owner: ListTeamReply['owner'] }) {
  const name = owner.fullName || owner.email;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-medium break-all">{name}</p>
        {owner.fullName && <p className="text-sm break-all text-muted-foreground">{owner.email}</p>}
      </div>
      <div className="flex items-center gap-3 max-sm:w-full">
        <span className="text-sm text-muted-foreground">{roleLabel('owner')}</span>
        <Badge variant="secondary">Active</Badge>
      </div>
    </li>
  );
}

/** Account → Team Members (spec §2): everyone invited to the account, Active or Pending; owners and admins invite and remove. */
export function TeamMembersCard() {
  const { data: profile } = useGetProfileQuery();
  const { data, isLoading, isError, error } = useListTeamQuery();
  const mayManage = profile ? roleMay(profile.role, 'manageTeam') : false;
  const members = data?.items ?? [];

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Team Members</CardTitle>
          <CardDescription>Invite people to your account and manage their access.</CardDescription>
        </div>
        {mayManage && <InviteMemberDialog />}
      </CardHeader>
      <CardContent>
        <ManagedList
          label="Team members"
          isLoading={isLoading}
          errorText={isError ? 'Failed to load team members' : undefined}
          errorDetail={toApiError(error).message}
          emptyText="No team members yet"
          count={data ? members.length + 1 : 0}
        >
          {data && <OwnerRow owner={data.owner} />}
          {data &&
            members.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                mayManage={mayManage}
                isSelf={member.email === profile?.email}
                team={data}
                accountName={profile?.accountName ?? ''}
              />
            ))}
        </ManagedList>
      </CardContent>
    </Card>
  );
}
