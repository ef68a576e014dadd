import { checkForm } from '@coffer/ui/form';
import { contactSalesFormSchema, EMPTY_CONTACT_SALES_FIELDS } from './contact-request-form';

const filled = {
  name: ' Ada Lovelace ',
  email: 'ada@analytical.co.uk ',
  company: 'Analytical Engines Ltd',
  phone: '',
  message: 'We need 8 TB for 40 people.',
};

const REQUIRED = {
  name: 'Please enter your full name',
  email: 'Please enter a valid email address',
  company: 'Please enter your company name',
  message: 'Please enter a message',
};

describe('the Contact Sales form', () => {
  it('requires name, email, company and message, with a message under each', () => {
    expect(checkForm(contactSalesFormSchema, EMPTY_CONTACT_SALES_FIELDS).errors).toEqual(REQUIRED);
    expect(checkForm(contactSalesFormSchema, { ...EMPTY_CONTACT_SALES_FIELDS, name: '   ', company: '\t' }).errors).toEqual(REQUIRED);
  });

  it('leaves the phone number optional, but refuses one that is not a phone number', () => {
    expect(checkForm(contactSalesFormSchema, filled).success).toBe(true);
    expect(checkForm(contactSalesFormSchema, { ...filled, phone: 'call me' }).errors).toEqual({ phone: 'Please enter a valid phone number' });
  });

  it('wants an email address of the form name@domain.tld', () => {
    for (const email of ['ada', 'ada@', 'ada@example', 'ada lovelace@example.com', '@example.com']) {
      expect(checkForm(contactSalesFormSchema, { ...filled, email }).errors).toEqual({ email: 'Please enter a valid email address' });
    }
  });

  it('sends trimmed values and leaves out a blank phone number', () => {
    expect(checkForm(contactSalesFormSchema, filled)).toEqual({
      success: true,
      errors: {},
      data: {
        name: 'Ada Lovelace',
        email: 'ada@analytical.co.uk',
        company: 'Analytical Engines Ltd',
        message: 'We need 8 TB for 40 people.',
      },
    });
    const withPhone = checkForm(contactSalesFormSchema, { ...filled, phone: ' +44 20 7946 0958 ' });
    expect(withPhone.success && withPhone.data.phone).toBe('+44 20 7946 0958');
  });
});
