import { z } from 'zod';
import { checkForm } from './use-zod-form';

const schema = z
  .object({
    email: z.string().trim().pipe(z.email('Please enter a valid email address')),
    ips: z
      .string()
      .transform((text) => text.split(',').filter(Boolean))
      .pipe(z.array(z.string().regex(/^\d/, 'Not an IP address'))),
  })
  .refine((values) => values.ips.length < 3, { message: 'At most 2', path: ['ips'] });

describe('checkForm', () => {
  it("gives the schema's output when the values are valid", () => {
    expect(checkForm(schema, { email: ' ada@example.com ', ips: '1.2.3.4' })).toEqual({
      success: true,
      data: { email: 'ada@example.com', ips: ['1.2.3.4'] },
      errors: {},
    });
  });

  it("gives each field the schema's first message about it, nested paths included", () => {
    expect(checkForm(schema, { email: 'ada', ips: 'x,y' })).toEqual({
      success: false,
      errors: { email: 'Please enter a valid email address', ips: 'Not an IP address' },
    });
  });

  it('leaves out what the schema says about anything that is not a field of the form', () => {
    const withId = z.object({ id: z.uuid('File not found'), name: z.string().min(1, 'Please enter a name') });
    expect(checkForm(withId, { name: '' })).toEqual({ success: false, errors: { name: 'Please enter a name' } });
  });
});
