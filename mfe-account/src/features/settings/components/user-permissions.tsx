import { useState } from 'react';
import { addRoleSchema, PERMISSION_ROLES, roleMay, USER_NOT_FOUND, type UserRole } from '@coffer/contracts';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Spinner,
  toast,
} from '@coffer/ui';
import { useZodForm } from '@coffer/ui/form';
import { toApiError, useGetProfileQuery } from '@coffer/web-core/store';
import { ChoiceSelect, roleLabel } from '../../../components/choice-select';
import { ManagedList, RemoveButton } from '../../../components/managed-list';
import { failureToast } from '../../../lib/failure-toast';
import { useAddRoleMutation, useListRolesQuery, useRemoveRoleMutation } from '../api/settings-api';

type PermissionRole = (typeof PERMISSION_ROLES)[number];
const ROLE_CHOICES = PERMISSION_ROLES.map((value) => ({ value, label: roleLabel(value) }));

/** Removing a role asks first, and says when it is done. */
function RoleRow({ role, mayManage }: { role: UserRole; mayManage: boolean }) {
  const [remove, { isLoading }] = useRemoveRoleMutation();
  const [confirming, setConfirming] = useState(false);
  const onRemove = async () => {
    try {
      await remove(role.id).unwrap();
      setConfirming(false);
      toast({ title: 'User role removed', description: `${role.email} no longer has the ${roleLabel(role.role)} role.` });
    } catch (error) {
      failureToast('Failed to remove user role', error);
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <span className="min-w-0 flex-1 basis-48 break-all">{role.email}</span>
      <span className="text-sm text-muted-foreground">{roleLabel(role.role)}</span>
      {mayManage && <RemoveButton label={`Remove the ${role.role} role of ${role.email}`} pending={isLoading} onRemove={() => setConfirming(true)} />}
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Remove this role?</DialogTitle>
            <DialogDescription>
              {role.email} will no longer have the {roleLabel(role.role)} role in your account.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={isLoading} onClick={() => void onRemove()}>
              {isLoading && <Spinner />}
              Remove Role
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </li>
  );
}

/** Settings → Permissions (spec §2 "User Permissions card"): give a person of the account the admin, moderator or member role. */
export function UserPermissions() {
  const { data: profile } = useGetProfileQuery();
  const { data, isLoading, isError, error } = useListRolesQuery();
  const [addRole, { isLoading: adding }] = useAddRoleMutation();
  const [role, setRole] = useState<PermissionRole>('member');
  const form = useZodForm(addRoleSchema.pick({ email: true }), { email: '' });
  const mayManage = profile ? roleMay(profile.role, 'manageTeam') : false;
  const roles = data?.items ?? [];

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await addRole({ email, role }).unwrap();
      toast({ title: 'User role added successfully' });
      form.reset();
    } catch (error) {
      failureToast('Failed to add user role', error);
      // Spec §6: no user of the account with that address; said under the field too.
      const { message } = toApiError(error);
      if (message === USER_NOT_FOUND) form.setError('email', message, { shouldFocus: true });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>User Permissions</CardTitle>
        <CardDescription>Give people in your account the admin, moderator or member role.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {mayManage && (
          <form noValidate onSubmit={submit} aria-label="Add user role" className="grid items-end gap-3 sm:grid-cols-[1fr_10rem_auto]">
            <FormField label="Email" type="email" autoComplete="off" placeholder="colleague@company.com" {...form.field('email')} />
            <ChoiceSelect label="Role" value={role} onChange={setRole} choices={ROLE_CHOICES} />
            <Button type="submit" disabled={adding} className="self-end">
              {adding && <Spinner label="Adding" className="size-4" />}
              Add Role
            </Button>
          </form>
        )}
        <ManagedList
          label="User roles"
          isLoading={isLoading}
          errorText={isError ? 'Failed to load user roles' : undefined}
          errorDetail={toApiError(error).message}
          emptyText="No user roles configured yet"
          count={roles.length}
        >
          {roles.map((r) => (
            <RoleRow key={r.id} role={r} mayManage={mayManage} />
          ))}
        </ManagedList>
      </CardContent>
    </Card>
  );
}
