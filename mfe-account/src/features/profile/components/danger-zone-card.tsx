import { useState, type FormEvent } from 'react';
import { DELETE_CONFIRMATION_MISMATCH, memberFilesStay } from '@coffer/contracts';
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
  DialogTrigger,
  FormField,
  Spinner,
  toast,
} from '@coffer/ui';
import { toApiError, useGetProfileQuery } from '@coffer/web-core/store';
import { failureToast } from '../../../lib/failure-toast';
import { useDeleteAccountMutation } from '../api/profile-api';

/**
 * Account → Danger Zone: Delete Account, confirmed by typing the account's email.
 * The session then ends in every tab, and the dashboard's guard takes the user to
 * the public site's sign-in page. The server's refusal (an owner with members,
 * say) is shown in the dialog.
 */
export function DangerZoneCard() {
  const { data: profile } = useGetProfileQuery();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!profile || isLoading) return;
    setRefusal(null);
    if (typed.trim().toLowerCase() !== profile.email.toLowerCase()) return setError(DELETE_CONFIRMATION_MISMATCH);
    setError(undefined);
    try {
      await deleteAccount({ email: typed.trim() }).unwrap();
      const description =
        profile.role === 'owner' ? 'Your account and its files have been deleted.' : `Your account has been deleted. ${memberFilesStay(profile.accountName)}`;
      toast({ title: 'Account deleted', description });
    } catch (err) {
      const { message } = toApiError(err);
      setRefusal(message ?? 'Please try again');
      failureToast('Failed to delete account', err, 'Please try again');
    }
  };

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle className="text-destructive">Danger Zone</CardTitle>
        <CardDescription>Delete your account and all of its files. This cannot be undone.</CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            setTyped('');
            setError(undefined);
            setRefusal(null);
          }}
        >
          <DialogTrigger asChild>
            <Button variant="destructive" disabled={!profile}>
              Delete Account
            </Button>
          </DialogTrigger>
          <DialogContent className="sm:max-w-md">
            <DialogHeader>
              <DialogTitle>Delete Account</DialogTitle>
              <DialogDescription>
                {profile && profile.role !== 'owner'
                  ? `Your shares and settings are erased for good, and you are signed out everywhere. ${memberFilesStay(profile.accountName)} `
                  : 'Your files, shares and settings are erased for good, and you are signed out everywhere. '}
                Type <strong className="break-all">{profile?.email}</strong> to confirm.
              </DialogDescription>
            </DialogHeader>
            <form noValidate onSubmit={(e) => void submit(e)} aria-label="Delete account" className="flex flex-col gap-4">
              <FormField label="Your email address" type="email" autoComplete="off" value={typed} error={error} onChange={(e) => setTyped(e.target.value)} />
              {refusal && (
                <p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive">
                  {refusal}
                </p>
              )}
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit" variant="destructive" disabled={isLoading}>
                  {isLoading && <Spinner label="Deleting" className="size-4" />}
                  {isLoading ? 'Deleting...' : 'Delete Account'}
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
