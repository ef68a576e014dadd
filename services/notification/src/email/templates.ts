import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';

const TEMPLATES_DIR = fileURLToPath(new URL('../../src/email/templates', import.meta.url));

/** The emails Coffer sends, each with the data its template needs. */
export interface EmailTemplates {
  welcome: { userName: string; dashboardUrl: string };
  'verify-email': { userName: string; verifyUrl: string };
  'reset-password': { userName: string; resetUrl: string };
  'user-invited': { inviterName: string; accountName: string; roleName: string; inviteUrl: string };
  'file-shared': { userName: string; sharedBy: string; fileName: string; fileUrl: string };
  'share-opened': { userName: string; openedBy: string; fileName: string; filesUrl: string };
  'trial-started': { userName: string; planName: string; trialEndDate: string; dashboardUrl: string };
  'new-sign-in': { userName: string; browser: string; ipAddress: string; signedInAt: string; endSessionUrl: string };
  /** Every change of the account's plan, and the trial's end (PRODUCT-DECISIONS "Plans and billing"): told to its owner. */
  'plan-changed': { userName: string; headline: string; detail: string; actionLabel: string; actionUrl: string };
  'contact-request': { name: string; email: string; company: string; phone?: string; message: string; receivedAt: string };
}
export type TemplateName = keyof EmailTemplates;

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The longest a user's text may run in a subject before it is cut with "…". */
const SUBJECT_TEXT_MAX = 60;

/**
 * A user's own text (a name, a file name, a company) as a subject shows it: in quotes, on one line,
 * its own quotes made single, and cut when long, so it can never pass for Coffer's words.
 */
export function quotedInSubject(value: unknown): string {
  const flat = String(value ?? '')
    .replace(/[\s\u0000-\u001f\u007f]+/g, ' ')
    .replaceAll('"', "'")
    .trim();
  return `"${flat.length > SUBJECT_TEXT_MAX ? `${flat.slice(0, SUBJECT_TEXT_MAX - 1).trimEnd()}…` : flat}"`;
}

const engine = Handlebars.create();
engine.registerHelper('quote', quotedInSubject);
engine.registerPartial('layout', readFileSync(`${TEMPLATES_DIR}/layout.html.hbs`, 'utf8'));
const compiled = new Map<string, Handlebars.TemplateDelegate>();

function template(file: string, escape: boolean): Handlebars.TemplateDelegate {
  let t = compiled.get(file);
  if (!t) {
    t = engine.compile(readFileSync(`${TEMPLATES_DIR}/${file}`, 'utf8'), { noEscape: !escape, strict: true });
    compiled.set(file, t);
  }
  return t;
}

/** Renders one email's subject, HTML (escaped) and plain text. */
export function renderEmail<N extends TemplateName>(name: N, data: EmailTemplates[N]): RenderedEmail {
  return {
    subject: template(`${name}.subject.hbs`, false)(data).trim(),
    html: template(`${name}.html.hbs`, true)(data),
    text: template(`${name}.text.hbs`, false)(data),
  };
}
