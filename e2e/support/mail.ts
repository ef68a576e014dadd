import { expect, type APIRequestContext } from '@playwright/test';
import type { CapturedMail, ListCapturedMailReply } from '@coffer/contracts';

/** The header that opens /dev/* to the test run that started the stack (its DEV_KEY). */
export const devKeyHeaders = () => ({ 'x-coffer-dev-key': process.env.COFFER_TEST_DEV_KEY ?? '' });

/**
 * The newest email to `to` whose subject contains `subject`, as the embedded
 * mailbox captured it (emails go out from events, a moment after the request).
 */
export async function mailTo(request: APIRequestContext, to: string, subject: string): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/mail?to=${encodeURIComponent(to)}`, { headers: devKeyHeaders() });
        const { items } = (await response.json()) as ListCapturedMailReply;
        found = items.find((mail) => mail.subject.includes(subject));
        return found !== undefined;
      },
      { message: `an email "${subject}" to ${to}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}
