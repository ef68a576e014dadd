import type { ContactRequest } from './api/send-contact-request';

/** The Contact Sales form's fields, as typed. */
export interface ContactSalesFields {
  name: string;
  email: string;
  company: string;
  phone: string;
  message: string;
}

export type ContactSalesErrors = Partial<Record<keyof ContactSalesFields, string>>;

export const EMPTY_CONTACT_SALES_FIELDS: ContactSalesFields = { name: '', email: '', company: '', phone: '', message: '' };

/** The message under each required field that is missing or wrong. */
export const CONTACT_SALES_ERRORS = {
  name: 'Please enter your full name',
  email: 'Please enter a valid email address',
  company: 'Please enter your company name',
  message: 'Please enter a message',
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks the form: name, email, company and message are required; phone is optional. */
export function validateContactSales(fields: ContactSalesFields): ContactSalesErrors {
  const errors: ContactSalesErrors = {};
  if (!fields.name.trim()) errors.name = CONTACT_SALES_ERRORS.name;
  if (!EMAIL_PATTERN.test(fields.email.trim())) errors.email = CONTACT_SALES_ERRORS.email;
  if (!fields.company.trim()) errors.company = CONTACT_SALES_ERRORS.company;
  if (!fields.message.trim()) errors.message = CONTACT_SALES_ERRORS.message;
  return errors;
}

/** The request body: trimmed values, without a phone number when none was given. */
export function toContactRequest(fields: ContactSalesFields): ContactRequest {
  const phone = fields.phone.trim();
  return {
    name: fields.name.trim(),
    email: fields.email.trim(),
    company: fields.company.trim(),
    ...(phone ? { phone } : {}),
    message: fields.message.trim(),
  };
}
