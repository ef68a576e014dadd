import { checkForm } from '@coffer/ui/form';
import { CARD_MESSAGES, cardFormSchema, formatCardNumber, formatExpiry, isExpired, passesLuhn } from './card-schema';

const NOW = new Date(2026, 10, 23); // 23 November 2026
const schema = cardFormSchema(() => NOW);
const valid = { cardholderName: 'Olive Owner', cardNumber: '4242 4242 4242 4242', expiry: '12/28', cvc: '123' };
const errorsOf = (values: Partial<typeof valid>) => checkForm(schema, { ...valid, ...values }).errors;

describe('the checkout card form', () => {
  it('accepts a valid card, with the spaces people type', () => {
    expect(checkForm(schema, valid)).toMatchObject({ success: true, data: { cardNumber: '4242424242424242' } });
    expect(errorsOf({ cardNumber: '5555-5555-5555-4444', cvc: '1234' })).toEqual({});
  });

  it('asks for every field', () => {
    expect(checkForm(schema, { cardholderName: ' ', cardNumber: '', expiry: '', cvc: '' }).errors).toEqual({
      cardholderName: CARD_MESSAGES.cardholderName,
      cardNumber: CARD_MESSAGES.cardNumberMissing,
      expiry: CARD_MESSAGES.expiryMissing,
      cvc: CARD_MESSAGES.cvcMissing,
    });
  });

  it('refuses a number that fails the Luhn check or is not a card number', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    for (const cardNumber of ['4242 4242 4242 4241', '1234', 'abcd efgh ijkl mnop', '4'.repeat(20)]) {
      expect(errorsOf({ cardNumber })).toEqual({ cardNumber: CARD_MESSAGES.cardNumber });
    }
  });

  it('refuses an expiry in the past or not as MM/YY, and accepts the current month', () => {
    expect(errorsOf({ expiry: '10/26' })).toEqual({ expiry: CARD_MESSAGES.expired });
    expect(errorsOf({ expiry: '11/26' })).toEqual({});
    expect(isExpired('11/26', new Date(2026, 11, 1))).toBe(true);
    for (const expiry of ['13/27', '1/27', '12-27', '1227']) expect(errorsOf({ expiry })).toEqual({ expiry: CARD_MESSAGES.expiryFormat });
  });

  it('wants a CVC of 3 or 4 digits', () => {
    for (const cvc of ['12', '12345', '12a']) expect(errorsOf({ cvc })).toEqual({ cvc: CARD_MESSAGES.cvc });
  });

  it('formats the number in fours and the expiry as MM/YY while typing', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12/2')).toBe('12/2');
    expect(formatExpiry('1')).toBe('1');
  });
});
