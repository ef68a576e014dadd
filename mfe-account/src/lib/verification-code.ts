export const VERIFICATION_CODE_LENGTH = 6;

/** What a code field keeps of what was typed or pasted: digits only, at most 6. */
export function toVerificationCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);
}

export function isVerificationCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}
