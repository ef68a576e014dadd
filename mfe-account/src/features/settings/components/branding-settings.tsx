import { useEffect, useId } from 'react';
import { roleMay, updateBrandingSchema, type Branding } from '@coffer/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, FormField, Input, Label, Skeleton, Spinner, toast } from '@coffer/ui';
import { useZodForm } from '@coffer/ui/form';
import { useGetBrandingQuery, useGetProfileQuery, useUpdateBrandingMutation } from '@coffer/web-core/store';
import { failureToast } from '../../../lib/failure-toast';

const valuesOf = (b: Branding | undefined) => ({
  companyName: b?.companyName ?? '',
  logoUrl: b?.logoUrl ?? '',
  primaryColor: b?.primaryColor ?? '#000000',
  secondaryColor: b?.secondaryColor ?? '#ffffff',
});

/** A colour as a picker and its hex text, kept in step. */
function ColorField({ label, value, error, onChange, disabled }: { label: string; value: string; error?: string; onChange: (v: string) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-border bg-background p-1"
        />
        <Input id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} className="font-mono" />
      </div>
      {error && <p className="text-sm text-destructive">{error}</p>}
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
  useEffect(() => reset(valuesOf(branding)), [branding]);
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
          {mayEdit ? 'Your company name, logo and colours across Coffer, for everyone in your account.' : 'Only the account owner and admins can change the branding.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-56 w-full" />
        ) : (
          <form noValidate onSubmit={submit} aria-label="Custom branding" className="grid max-w-xl gap-4">
            <FormField label="Company Name" disabled={!mayEdit} {...form.field('companyName')} />
            <FormField label="Logo URL" type="url" placeholder="https://example.com/logo.png" disabled={!mayEdit} {...form.field('logoUrl')} />
            <div className="grid gap-4 sm:grid-cols-2">
              <ColorField label="Primary Color" value={form.values.primaryColor} error={form.errors.primaryColor} disabled={!mayEdit} onChange={(v) => form.setValue('primaryColor', v)} />
              <ColorField label="Secondary Color" value={form.values.secondaryColor} error={form.errors.secondaryColor} disabled={!mayEdit} onChange={(v) => form.setValue('secondaryColor', v)} />
            </div>
            <div className="flex items-center gap-3 rounded-md border border-border p-3" aria-label="Preview" role="group">
              <span className="size-8 rounded-md" style={{ background: form.values.primaryColor }} />
              <span className="size-8 rounded-md border border-border" style={{ background: form.values.secondaryColor }} />
              <span className="truncate font-medium">{form.values.companyName || 'Your company'}</span>
            </div>
            {mayEdit && (
              <Button type="submit" disabled={saving} className="w-full sm:w-fit">
                {saving && <Spinner label="Saving" className="size-4" />}
                Save Branding
              </Button>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
