import { CONTACT_SALES_ERRORS, EMPTY_CONTACT_SALES_FIELDS, toContactRequest, validateContactSales } from './contact-request-form';
import { contactRequestErrorMessage } from './api/send-contact-request';

const filled = {
  name: ' Ada Lovelace ',
  email: 'ada@analytical.co.uk ',
  company: 'Analytical Engines Ltd',
  phone: '',
  message: 'We need 8 TB for 40 people.',
};

describe('the Contact Sales form', () => {
  it('requires name, email, company and message, with a message under each', () => {
    expect(validateContactSales(EMPTY_CONTACT_SALES_FIELDS)).toEqual(CONTACT_SALES_ERRORS);
    expect(validateContactSales({ ...EMPTY_CONTACT_SALES_FIELDS, name: '   ', company: '\t' })).toEqual(CONTACT_SALES_ERRORS);
  });

  it('leaves the phone number optional', () => {
    expect(validateContactSales(filled)).toEqual({});
  });

  it('wants an email address of the form name@domain.tld', () => {
    for (const email of ['ada', 'ada@', 'ada@example', 'ada lovelace@example.com', '@example.com']) {
      expect(validateContactSales({ ...filled, email })).toEqual({ email: 'Please enter a valid email address' });
    }
  });

  it('sends trimmed values and leaves out a blank phone number', () => {
    expect(toContactRequest(filled)).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@analytical.co.uk',
      company: 'Analytical Engines Ltd',
      message: 'We need 8 TB for 40 people.',
    });
    expect(toContactRequest({ ...filled, phone: ' +44 20 7946 0958 ' }).phone).toBe('+44 20 7946 0958');
  });
});

describe('the message of a failed send', () => {
  it("is the gateway's message when it gave one", () => {
    const error = { status: 400, data: { statusCode: 400, code: 'VALIDATION_FAILED', message: 'email must be an email', correlationId: 'c1' } };
    expect(contactRequestErrorMessage(error)).toBe('email must be an email');
    expect(contactRequestErrorMessage({ status: 400, data: { message: ['name is too long', 'phone is invalid'] } })).toBe(
      'name is too long. phone is invalid',
    );
  });

  it('says so when Coffer cannot be reached, and stays generic otherwise', () => {
    expect(contactRequestErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'Could not reach Coffer. Check your connection and try again.',
    );
    expect(contactRequestErrorMessage({ status: 502, data: '<html>Bad gateway</html>' })).toBe('Something went wrong. Please try again.');
    expect(contactRequestErrorMessage(new Error('boom'))).toBe('Something went wrong. Please try again.');
  });
});
