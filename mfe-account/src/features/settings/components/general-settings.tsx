import { DEFAULT_GENERAL_SETTINGS, LANGUAGES, TIMEZONES, type GeneralSettings } from '@coffer/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Label, Skeleton, Switch, toast } from '@coffer/ui';
import { ChoiceSelect } from '../../../components/choice-select';
import { failureToast } from '../../../lib/failure-toast';
import { useGetPreferencesQuery, useUpdatePreferencesMutation } from '../../../api/preferences-api';

const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = { en: 'English', es: 'Español', fr: 'Français', de: 'Deutsch' };
const TIMEZONE_NAMES: Record<(typeof TIMEZONES)[number], string> = {
  utc: 'UTC',
  est: 'Eastern Time (EST)',
  pst: 'Pacific Time (PST)',
  cet: 'Central European Time (CET)',
};
const LANGUAGE_CHOICES = LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }));
const TIMEZONE_CHOICES = TIMEZONES.map((value) => ({ value, label: TIMEZONE_NAMES[value] }));

/** Settings → General (spec §2): language, timezone and the two notification switches, saved for the user as they change, and said so. */
export function GeneralSettings() {
  const { data, isLoading } = useGetPreferencesQuery();
  const [save, { isLoading: saving }] = useUpdatePreferencesMutation();
  const general = data?.general ?? DEFAULT_GENERAL_SETTINGS;

  const change = async (next: Partial<GeneralSettings>) => {
    try {
      await save({ general: { ...general, ...next } }).unwrap();
      // Saved as they change, with no button: the user is told it happened.
      toast({ title: 'Settings saved', description: 'Your general settings are saved.' });
    } catch (error) {
      failureToast('Failed to save settings', error);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>General</CardTitle>
        <CardDescription>Language, timezone and notification preferences.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <div className="grid max-w-xl gap-5" aria-busy={saving}>
            <div className="grid gap-4 sm:grid-cols-2">
              <ChoiceSelect label="Language" value={general.language} onChange={(language) => void change({ language })} choices={LANGUAGE_CHOICES} />
              <ChoiceSelect label="Timezone" value={general.timezone} onChange={(timezone) => void change({ timezone })} choices={TIMEZONE_CHOICES} />
            </div>
            {(
              [
                ['emailNotifications', 'Email notifications', 'Emails when a file is shared with you or your share is opened.'],
                ['pushNotifications', 'Push notifications', 'Notifications in your browser while Coffer is open.'],
              ] as const
            ).map(([key, label, description]) => (
              <div key={key} className="flex items-start justify-between gap-4">
                <div className="min-w-0">
                  <Label htmlFor={`general-${key}`}>{label}</Label>
                  <p className="text-sm text-muted-foreground">{description}</p>
                </div>
                <Switch id={`general-${key}`} checked={general[key]} onCheckedChange={(checked) => void change({ [key]: checked })} />
              </div>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
