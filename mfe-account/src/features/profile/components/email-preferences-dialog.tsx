import { useState } from 'react';
import { DEFAULT_EMAIL_PREFERENCES, type EmailPreferences } from '@coffer/contracts';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Label, Spinner, Switch, toast } from '@coffer/ui';
import { toApiError } from '@coffer/web-core/store';
import { failureToast } from '../../../lib/failure-toast';
import { useGetPreferencesQuery, useUpdatePreferencesMutation } from '../../../api/preferences-api';

/** Spec §2 "Email Preferences dialog": the switches in order, with their labels. */
const SWITCHES: ReadonlyArray<{ key: keyof EmailPreferences; label: string; description: string }> = [
  { key: 'marketing', label: 'Marketing Emails', description: 'News about Coffer features and offers.' },
  { key: 'productUpdates', label: 'Product Updates', description: 'What is new and improved in Coffer.' },
  { key: 'securityAlerts', label: 'Security Alerts', description: 'Sign-ins and changes to your account. Always sent.' },
  { key: 'newsletter', label: 'Newsletter', description: 'A monthly digest for business file sharing.' },
];

/** Account → Email Preferences: four switches, saved for the user with "Save Preferences". */
export function EmailPreferencesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { data, isError, error } = useGetPreferencesQuery(undefined, { skip: !open });
  const [save, { isLoading: saving }] = useUpdatePreferencesMutation();
  const [values, setValues] = useState<EmailPreferences>(DEFAULT_EMAIL_PREFERENCES);
  // The saved preferences, whenever the dialog opens or they arrive.
  const [shownFor, setShownFor] = useState<{ open: boolean; data: typeof data }>();
  if (shownFor?.open !== open || shownFor.data !== data) {
    setShownFor({ open, data });
    if (open && data) setValues(data.email);
  }

  const submit = async () => {
    try {
      await save({ email: values }).unwrap();
      toast({ title: 'Preferences saved' });
      onOpenChange(false);
    } catch (error) {
      failureToast('Failed to save preferences', error);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Email Preferences</DialogTitle>
          <DialogDescription>Choose which emails Coffer sends you.</DialogDescription>
        </DialogHeader>
        {isError && (
          <p role="alert" className="text-sm text-destructive">
            {toApiError(error).message ?? 'Your email preferences could not be loaded.'}
          </p>
        )}
        <div className="flex flex-col gap-4" aria-busy={!data}>
          {SWITCHES.map(({ key, label, description }) => (
            <div key={key} className="flex items-start justify-between gap-4">
              <div className="min-w-0">
                <Label htmlFor={`email-pref-${key}`}>{label}</Label>
                <p className="text-sm text-muted-foreground">{description}</p>
              </div>
              <Switch
                id={`email-pref-${key}`}
                checked={values[key]}
                disabled={!data || key === 'securityAlerts'}
                onCheckedChange={(checked) => setValues((current) => ({ ...current, [key]: checked }))}
              />
            </div>
          ))}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="button" disabled={saving || !data} onClick={() => void submit()}>
            {saving && <Spinner label="Saving" className="size-4" />}
            {saving ? 'Saving...' : 'Save Preferences'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
