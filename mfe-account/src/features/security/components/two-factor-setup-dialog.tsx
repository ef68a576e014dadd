import { useState } from 'react';
import { Check, Copy, ShieldCheck } from 'lucide-react';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Label,
  Spinner,
  Textarea,
  toast,
} from '@coffer/ui';
import { useZodForm } from '@coffer/ui/form';
import type { EnrolledFactor } from '@coffer/web-core';
import { AUTH_TOASTS, enrollmentErrorToast, verificationErrorToast } from '@coffer/web-core/store';
import { VerificationCodeInput } from '../../../components/verification-code-input';
import { verificationCodeFormSchema } from '../../../lib/credential-schemas';
import { isVerificationCode } from '../../../lib/verification-code';
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard';
import { CodesThenDone } from './two-factor-dialogs';
import { useEnrollFactorMutation } from '../api/security-api';
import { useVerifyFactorMutation } from '../../../api/two-factor-api';

interface TwoFactorSetupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Begin Setup", then 1. scan the QR code (or copy the secret) and 2. enter a code: "Enable 2FA"; then the recovery codes, once. */
export function TwoFactorSetupDialog({ open, onOpenChange }: TwoFactorSetupDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Set Up Two-Factor Authentication</DialogTitle>
          <DialogDescription>Protect your account with a code from an authenticator app each time you sign in.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so closing forgets the secret and the code. */}
        {open && <TwoFactorSetupSteps onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

/** The setup itself, in the dialog or on the sign-in page (an account that requires two-factor). */
export function TwoFactorSetupSteps({ onDone }: { onDone: () => void }) {
  // The secret stays in this component, never in the store.
  const [factor, setFactor] = useState<EnrolledFactor | null>(null);
  const form = useZodForm(verificationCodeFormSchema, { code: '' });
  const [enroll, { isLoading: enrolling, reset: forgetEnrollment }] = useEnrollFactorMutation();
  const [verify, { isLoading: verifying }] = useVerifyFactorMutation();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();

  const beginSetup = async () => {
    try {
      setFactor(await enroll().unwrap());
    } catch (error) {
      toast(enrollmentErrorToast(error));
    } finally {
      forgetEnrollment();
    }
  };

  const enable = form.handleSubmit(
    async ({ code }) => {
      if (!factor) return;
      try {
        const verified = await verify({ factorId: factor.id, code }).unwrap();
        toast(AUTH_TOASTS.twoFactorEnabled);
        if (verified.recoveryCodes) setRecoveryCodes(verified.recoveryCodes);
        else onDone();
      } catch (error) {
        toast(verificationErrorToast(error));
        form.reset();
      }
    },
    () => toast(AUTH_TOASTS.invalidCode),
  );

  if (recoveryCodes) return <CodesThenDone codes={recoveryCodes} onDone={onDone} />;

  if (!factor) {
    return (
      <div className="flex flex-col items-center gap-4 py-2 text-center">
        <ShieldCheck aria-hidden className="size-10 text-muted-foreground" />
        <p className="text-sm text-muted-foreground">
          You will need an authenticator app such as Google Authenticator, Microsoft Authenticator, 1Password or Authy.
        </p>
        <Button onClick={() => void beginSetup()} disabled={enrolling} className="w-full sm:w-fit">
          {enrolling && <Spinner label="Starting setup" className="size-4" />}
          Begin Setup
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={enable} aria-label="Enable two-factor authentication" className="flex flex-col gap-5">
      <section aria-labelledby="two-factor-step-1" className="flex flex-col gap-3">
        <h3 id="two-factor-step-1" className="text-sm font-semibold">
          Step 1: Scan the QR code
        </h3>
        <p className="text-sm text-muted-foreground">Scan it with your authenticator app, or type the secret key in by hand.</p>
        <img
          src={factor.qrCode}
          alt="QR code for your authenticator app"
          width={176}
          height={176}
          className="mx-auto size-44 rounded-md border border-border bg-white p-2"
        />
        <SecretKey secret={factor.secret} />
      </section>
      <section aria-labelledby="two-factor-step-2" className="flex flex-col gap-3">
        <h3 id="two-factor-step-2" className="text-sm font-semibold">
          Step 2: Enter the 6-digit code
        </h3>
        <FormField label="Verification Code">
          {(control) => <VerificationCodeInput {...control} value={form.values.code} onChange={(code) => form.setValue('code', code)} />}
        </FormField>
      </section>
      <DialogFooter>
        <Button type="submit" disabled={!isVerificationCode(form.values.code) || verifying} className="w-full sm:w-fit">
          {verifying && <Spinner label="Enabling" className="size-4" />}
          Enable 2FA
        </Button>
      </DialogFooter>
    </form>
  );
}

function SecretKey({ secret }: { secret: string }) {
  const { copied, copy } = useCopyToClipboard(AUTH_TOASTS.copied, 'Select the secret key and copy it by hand.');

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="two-factor-secret">Secret key</Label>
      <div className="flex gap-2">
        {/* A text area, so a long secret wraps onto a second line on a phone instead of being cut off. */}
        <Textarea
          id="two-factor-secret"
          readOnly
          rows={1}
          value={secret}
          onFocus={(event) => event.target.select()}
          className="min-h-9 resize-none font-mono text-xs break-all [field-sizing:content] md:text-xs"
          spellCheck={false}
        />
        <Button type="button" variant="outline" size="icon" onClick={() => void copy(secret)} aria-label={copied ? 'Copied' : 'Copy secret key'}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
        </Button>
      </div>
    </div>
  );
}
