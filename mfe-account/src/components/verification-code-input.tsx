import { Input, type FieldControlProps } from '@coffer/ui';
import { toVerificationCode } from '../lib/verification-code';

interface VerificationCodeInputProps extends Partial<FieldControlProps> {
  value: string;
  onChange: (code: string) => void;
  autoFocus?: boolean;
}

/** The 6-digit code of an authenticator app: anything but digits is dropped, and a 7th digit never appears. */
export function VerificationCodeInput({ value, onChange, ...props }: VerificationCodeInputProps) {
  return (
    <Input
      {...props}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="000000"
      value={value}
      onChange={(event) => onChange(toVerificationCode(event.target.value))}
      className="h-11 text-center font-mono text-xl tracking-[0.5em] md:text-xl"
    />
  );
}
