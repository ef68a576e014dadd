import { z } from 'zod';

// The checkout card form (spec §2, §5 and the billing decisions): checked here, in the browser,
// and never sent anywhere: the trial starts without a charge and no card data leaves the page.

export const CARD_MESSAGES = {
  cardholderName: 'Please enter the cardholder name',
  cardNumberMissing: 'Please enter your card number',
  cardNumber: 'Please enter a valid card number',
  expiryMissing: 'Please enter the expiry date',
  expiryFormat: 'Please enter the expiry date as MM/YY',
  expired: 'This card has expired',
  cvcMissing: 'Please enter the CVC',
  cvc: 'The CVC is the 3 or 4 digits on your card',
} as const;

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** MM/YY, valid through the last day of that month. */
export function isExpired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map(Number);
  const endOfMonth = new Date(2000 + year, month, 1); // first day of the following month
  return endOfMonth.getTime() <= now.getTime();
}

/** Card number as typed, with the spaces people add. */
export const cardDigits = (value: string) => value.replace(/[\s-]/g, '');

/** The card form's rules; `now` is when the form is submitted. */
export function cardFormSchema(now: () => Date = () => new Date()) {
  return z.object({
    cardholderName: z.string().trim().min(1, CARD_MESSAGES.cardholderName).max(200, CARD_MESSAGES.cardholderName),
    cardNumber: z
      .string()
      .transform(cardDigits)
      .pipe(
        z
          .string()
          .min(1, CARD_MESSAGES.cardNumberMissing)
          .regex(/^\d{12,19}$/, CARD_MESSAGES.cardNumber)
          .refine(passesLuhn, CARD_MESSAGES.cardNumber),
      ),
    expiry: z
      .string()
      .trim()
      .min(1, CARD_MESSAGES.expiryMissing)
      .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, CARD_MESSAGES.expiryFormat)
      .refine((expiry) => !isExpired(expiry, now()), CARD_MESSAGES.expired),
    cvc: z
      .string()
      .trim()
      .min(1, CARD_MESSAGES.cvcMissing)
      .regex(/^\d{3,4}$/, CARD_MESSAGES.cvc),
  });
}

/** As a user types the expiry: digits only, with the slash put in after the month. */
export function formatExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** As a user types the card number: groups of four. */
export function formatCardNumber(typed: string): string {
  return typed
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}
