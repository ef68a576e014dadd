import { useState } from 'react';
import { BadgeCheck } from 'lucide-react';
import { updateProfileSchema, type Profile } from '@coffer/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, FormField, Skeleton, Spinner, toast } from '@coffer/ui';
import { useZodForm } from '@coffer/ui/form';
import { useGetProfileQuery } from '@coffer/web-core/store';
import { failureToast } from '../../../lib/failure-toast';
import { useUpdateProfileMutation } from '../api/profile-api';

const valuesOf = (p: Profile | undefined) => ({
  firstName: p?.firstName ?? '',
  lastName: p?.lastName ?? '',
  company: p?.company ?? '',
  jobTitle: p?.jobTitle ?? '',
});

/** Account → Personal Information: names, company and job title (Save Changes / Cancel); the email shown, marked Verified once proven. */
export function PersonalInformationCard() {
  const { data: profile, isLoading } = useGetProfileQuery();
  const [save, { isLoading: saving }] = useUpdateProfileMutation();
  const form = useZodForm(updateProfileSchema, valuesOf(profile));
  const { reset } = form;
  // The saved profile, once loaded (and after each save), is what Cancel goes back to.
  const [savedProfile, setSavedProfile] = useState(profile);
  if (profile !== savedProfile) {
    setSavedProfile(profile);
    reset(valuesOf(profile));
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      await save(values).unwrap();
      toast({ title: 'Profile updated' });
    } catch (error) {
      failureToast('Failed to save profile', error);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Personal Information</CardTitle>
        <CardDescription>Your name, email, company and job title.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading || !profile ? (
          <Skeleton className="h-48 w-full" />
        ) : (
          <form noValidate onSubmit={submit} aria-label="Personal information" className="grid gap-4 sm:grid-cols-2">
            <FormField label="First Name" autoComplete="given-name" {...form.field('firstName')} />
            <FormField label="Last Name" autoComplete="family-name" {...form.field('lastName')} />
            <div className="flex flex-col gap-2 sm:col-span-2">
              <FormField label="Email" type="email" value={profile.email} readOnly aria-readonly className="bg-muted" />
              {profile.emailVerified && (
                <Badge variant="secondary" className="gap-1">
                  <BadgeCheck aria-hidden />
                  Verified
                </Badge>
              )}
            </div>
            <FormField label="Company" autoComplete="organization" {...form.field('company')} />
            <FormField label="Job Title" autoComplete="organization-title" {...form.field('jobTitle')} />
            <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
              <Button type="button" variant="outline" disabled={saving} onClick={() => reset(valuesOf(profile))}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving}>
                {saving && <Spinner label="Saving" className="size-4" />}
                {saving ? 'Saving...' : 'Save Changes'}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
