import { randomUUID } from 'node:crypto';
import type { HttpErrorBody } from '@coffer/contracts';
import { capturedMailTo, devKeyHeaders, eventually } from './support.js';

const app = () => process.env.COFFER_TEST_APP_URL as string;

const post = (body: unknown) =>
  fetch(`${app()}/api/contact-requests`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('Contact Sales', () => {
  it('stores a request and emails it to the sales inbox', async () => {
    const company = `Initech ${randomUUID().slice(0, 6)}`;
    const res = await post({ name: 'Peter Gibbons', email: 'peter@initech.example', company, phone: '+1 555 0100', message: 'About 12 TB for 40 people.' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const mail = await eventually(async () => (await capturedMailTo('sales@coffer.local')).find((m) => m.subject.includes(company)));
    expect(mail).toMatchObject({ to: 'sales@coffer.local', subject: `Contact Sales: "${company}" ("Peter Gibbons")` });
    expect(mail.text).toContain('Phone number: +1 555 0100');
    expect(mail.text).toContain('About 12 TB for 40 people.');

    const page = await fetch(`${app()}/dev/mail/${encodeURIComponent(mail.id)}`, { headers: devKeyHeaders() });
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain(company);
  });

  it('refuses a request without a name, with the form message', async () => {
    const res = await post({ email: 'peter@initech.example', company: 'Initech', message: 'Hello' });
    expect(res.status).toBe(400);
    expect((await res.json()) as HttpErrorBody).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Please enter your full name' });
  });
});
