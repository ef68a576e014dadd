import { quotedInSubject, renderEmail } from './templates.js';

describe("a user's text in an email subject", () => {
  it('is always quoted, on one line, with its own quotes made single', () => {
    expect(quotedInSubject('Dana Owner')).toBe('"Dana Owner"');
    expect(quotedInSubject('Support" <Coffer>\r\nBcc: x')).toBe(`"Support' <Coffer> Bcc: x"`);
  });

  it('is cut with "…" when long, so it cannot pass for a sentence of Coffer\'s', () => {
    const long = `Your account is suspended until you confirm your card at coffer-billing.example ${'!'.repeat(40)}`;
    const quoted = quotedInSubject(long);
    expect(quoted.length).toBe(62);
    expect(quoted.endsWith('…"')).toBe(true);
  });

  it('shows in the file-shared subject as the sharer and the file, both quoted', () => {
    const { subject } = renderEmail('file-shared', {
      userName: 'Robin',
      sharedBy: 'Security team: reset your password now',
      fileName: 'invoice.pdf',
      fileUrl: 'https://coffer.example.com/dashboard/shared',
    });
    expect(subject).toBe('"Security team: reset your password now" shared "invoice.pdf" with you on Coffer');
  });
});
