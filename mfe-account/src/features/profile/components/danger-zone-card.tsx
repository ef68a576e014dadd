import { useState, type FormEvent } from 'react';
import { DELETE_CONFIRMATION_MISMATCH } from '@coffer/contracts';
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
} from '@coffer/ui';
import { useDeleteAccountMutation, useGetProfileQuery } from '@coffer/web-core/store';
import { failureToast } from '../../../lib/failure-toast';

/** Account → Danger Zone: Delete Account, confirmed by typing the account's email; the session then ends everywhere and the user lands on /login. */
export function DangerZoneCard() {
  const { data: profile } = useGetProfileQuery();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!profile) return;
    if (typed.trim().toLowerCase() !== profile.email.toLowerCase()) return setError(DELETE_CONFIRMATION_MISMATCH);
    try {
      await deleteAccount({ email: typed.trim() }).unwrap();
      window.location.assign('/login');
    } catch (err) {
      failureToast('Failed to delete account', err);
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
                Your files, shares and settings are erased for good, and you are signed out everywhere. Type <strong className="break-all">{profile?.email}</strong> to confirm.
              </DialogDescription>
            </DialogHeader>
            <form noValidate onSubmit={(e) => void submit(e)} aria-label="Delete account" className="flex flex-col gap-4">
              <FormField label="Your email address" type="email" autoComplete="off" value={typed} error={error} onChange={(e) => setTyped(e.target.value)} />
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit" variant="destructive" disabled={isLoading}>
                  {isLoading && <Spinner label="Deleting" className="size-4" />}
                  Delete Account
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
