import { z } from 'zod';
import { contactRequestSchema } from '@coffer/contracts';

/** The Contact Sales form's fields, as typed. */
export const EMPTY_CONTACT_SALES_FIELDS = { name: '', email: '', company: '', phone: '', message: '' };

/**
 * The form as the request the server checks (spec §3 "Contact form", §5): name, email,
 * company and message required, with a message under each; phone optional, left out when blank.
 */
export const contactSalesFormSchema = z
  .object({ name: z.string(), email: z.string(), company: z.string(), phone: z.string(), message: z.string() })
  .transform(({ email, phone, ...fields }) => ({ ...fields, email: email.trim(), ...(phone.trim() ? { phone } : {}) }))
  .pipe(contactRequestSchema);
