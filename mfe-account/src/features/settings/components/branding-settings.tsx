import { useState, type CSSProperties } from 'react';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR, roleMay, updateBrandingSchema, type Branding } from '@coffer/contracts';
import { BrandMark, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, FormField, Input, Skeleton, Spinner, toast } from '@coffer/ui';
import { useZodForm } from '@coffer/ui/form';
import { brandColors } from '@coffer/web-core/branding';
import { useGetBrandingQuery, useGetProfileQuery } from '@coffer/web-core/store';
import { failureToast } from '../../../lib/failure-toast';
import { useUpdateBrandingMutation } from '../api/settings-api';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

const valuesOf = (b: Branding | undefined) => ({
  companyName: b?.companyName ?? '',
  logoUrl: b?.logoUrl ?? '',
  primaryColor: b?.primaryColor ?? DEFAULT_PRIMARY_COLOR,
  secondaryColor: b?.secondaryColor ?? DEFAULT_SECONDARY_COLOR,
});
type BrandingValues = ReturnType<typeof valuesOf>;

interface ColorFieldProps {
  label: string;
  name: string;
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (value: string) => void;
}

/** Spec §2: a colour as a picker and its hex text, kept in step (the text is the labelled field; the picker a shortcut to it). */
function ColorField({ label, name, value, error, disabled, onChange }: ColorFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label={`${label} picker`}
            value={HEX_COLOR.test(value) ? value.toLowerCase() : DEFAULT_PRIMARY_COLOR}
            disabled={disabled}
            onChange={(e) => onChange(e.target.value)}
            className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1 disabled:cursor-not-allowed disabled:opacity-50"
          />
          <Input
            {...control}
            name={name}
            value={value}
            disabled={disabled}
            maxLength={7}
            spellCheck={false}
            onChange={(e) => onChange(e.target.value)}
            className="font-mono"
          />
        </div>
      )}
    </FormField>
  );
}

/**
 * The top bar as it will look: the logo (or Coffer's mark), the company name and
 * a primary button, in the colours being chosen. The design system's own
 * variables are set on the preview only, so what it shows is what the page gets.
 */
function BrandingPreview({ values }: { values: BrandingValues }) {
  const colours = HEX_COLOR.test(values.primaryColor) && HEX_COLOR.test(values.secondaryColor) ? brandColors(values.primaryColor, values.secondaryColor) : null;
  const theme = colours ? ({ '--primary': colours.primary, '--primary-foreground': colours.onPrimary } as CSSProperties) : undefined;
  const logoUrl = values.logoUrl.trim().startsWith('https://') ? values.logoUrl.trim() : undefined;
  return (
    <div role="group" aria-label="Preview" className="flex flex-col gap-2">
      <span className="text-sm font-medium">Preview</span>
      <div style={theme} className="flex min-w-0 items-center gap-3 rounded-md border border-border bg-background p-3">
        <BrandMark logoUrl={logoUrl} />
        <span className="min-w-0 flex-1 truncate font-bold">{values.companyName.trim() || 'Coffer'}</span>
        <span aria-hidden className="shrink-0 rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground">
          Upload
        </span>
      </div>
    </div>
  );
}

/** Settings → Branding (spec §2 "Custom Branding card"): owners and admins set the company name, logo and colours the whole account sees. */
export function BrandingSettings() {
  const { data: profile } = useGetProfileQuery();
  const { data: branding, isLoading } = useGetBrandingQuery();
  const [save, { isLoading: saving }] = useUpdateBrandingMutation();
  const form = useZodForm(updateBrandingSchema, valuesOf(branding));
  const { reset } = form;
  // The saved branding, once loaded (and after each save), is what the form starts from.
  const [savedBranding, setSavedBranding] = useState(branding);
  if (branding !== savedBranding) {
    setSavedBranding(branding);
    reset(valuesOf(branding));
  }
  const mayEdit = profile ? roleMay(profile.role, 'manageBranding') : false;

  const submit = form.handleSubmit(async (values) => {
    try {
      await save(values).unwrap();
      toast({ title: 'Branding settings saved successfully' });
    } catch (error) {
      failureToast('Failed to save branding settings', error);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Custom Branding</CardTitle>
        <CardDescription>
          {mayEdit
            ? 'Your company name, logo and colours across Coffer, for everyone in your account.'
            : 'Only the account owner and admins can change the branding.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-56 w-full" />
        ) : (
          <form noValidate onSubmit={submit} aria-label="Custom branding" className="flex max-w-xl flex-col gap-4">
            <FormField label="Company Name" autoComplete="organization" maxLength={100} disabled={!mayEdit} {...form.field('companyName')} />
            <FormField label="Logo URL" type="url" inputMode="url" placeholder="https://example.com/logo.png" disabled={!mayEdit} {...form.field('logoUrl')} />
            <div className="grid gap-4 sm:grid-cols-2">
              <ColorField
                label="Primary Color"
                name="primaryColor"
                value={form.values.primaryColor}
                error={form.errors.primaryColor}
                disabled={!mayEdit}
                onChange={(v) => form.setValue('primaryColor', v)}
              />
              <ColorField
                label="Secondary Color"
                name="secondaryColor"
                value={form.values.secondaryColor}
                error={form.errors.secondaryColor}
                disabled={!mayEdit}
                onChange={(v) => form.setValue('secondaryColor', v)}
              />
            </div>
            <BrandingPreview values={form.values} />
            {mayEdit && (
              <Button type="submit" disabled={saving} className="w-full sm:w-fit">
                {saving && <Spinner label="Saving" className="size-4" />}
                {saving ? 'Saving...' : 'Save Branding'}
              </Button>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
