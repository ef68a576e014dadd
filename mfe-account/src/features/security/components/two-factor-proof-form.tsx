import { useState, type ReactNode } from 'react';
import { Button, FormField, Spinner } from '@coffer/ui';
import type { TwoFactorProof } from '@coffer/contracts';
import { toApiError } from '@coffer/web-core/store';
import { PasswordField } from '../../../components/credential-fields';
import { VerificationCodeInput } from '../../../components/verification-code-input';
import { isVerificationCode } from '../../../lib/verification-code';

interface TwoFactorProofFormProps {
  label: string;
  submitLabel: string;
  busyLabel: string;
  destructive?: boolean;
  /** Sends the proof; a refusal's message is shown under the field. */
  onProof: (proof: TwoFactorProof) => Promise<void>;
  children?: ReactNode;
}

/** Turning two-factor off or making new recovery codes: the current password, or a code from the authenticator app. */
export function TwoFactorProofForm({ label, submitLabel, busyLabel, destructive, onProof, children }: TwoFactorProofFormProps) {
  const [method, setMethod] = useState<'password' | 'code'>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ready = method === 'password' ? password.length > 0 : isVerificationCode(code);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    setError(undefined);
    try {
      await onProof(method === 'password' ? { password } : { code });
    } catch (err) {
      setError(toApiError(err).message ?? 'An unexpected error occurred');
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const switchMethod = () => {
    setMethod(method === 'password' ? 'code' : 'password');
    setError(undefined);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={label} className="flex flex-col gap-4">
      {children}
      {method === 'password' ? (
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the proof the dialog asks for: its field takes the focus as the dialog opens or the method switches
          autoFocus
          value={password}
          error={error}
          onChange={(event) => setPassword(event.target.value)}
        />
      ) : (
        <FormField label="Verification Code" error={error}>
          {(control) => (
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the proof the dialog asks for: its field takes the focus as the dialog opens or the method switches
            <VerificationCodeInput {...control} autoFocus value={code} onChange={setCode} />
          )}
        </FormField>
      )}
      <Button type="button" variant="link" className="h-auto self-start p-0 text-left whitespace-normal" onClick={switchMethod}>
        {method === 'password' ? 'Use a code from your authenticator app instead' : 'Use your password instead'}
      </Button>
      <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={!ready || busy} className="w-full sm:w-fit sm:self-end">
        {busy && <Spinner label={busyLabel} className="size-4" />}
        {submitLabel}
      </Button>
    </form>
  );
}
