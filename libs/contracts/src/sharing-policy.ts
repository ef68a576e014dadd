import { z } from 'zod';
import { message } from './messages.js';
import { text } from './text.js';

/**
 * The account's sharing policy (product decisions "Sharing outside the company"; owner and admins,
 * Settings → Permissions): whether links are allowed, whether every link needs a password, the longest
 * a link may stay open, and the recipient domains email shares may go to. The sharing service enforces
 * it for new shares and links and for existing ones.
 */
export const SharingPolicySubject = {
  Get: 'sharing.policy.get',
  Update: 'sharing.policy.update',
} as const;

export const SharingPolicyEvent = {
  /** The owner or an admin changed the account's sharing policy (the audit log keeps it). */
  Changed: 'events.sharing.policy.changed',
  /** "Password required" turned on: a person's links without a password stop working until they get one (they are told). */
  LinksNeedPassword: 'events.sharing.policy.links-need-password',
} as const;

/** The longest a policy may keep a link open, as a link's own expiry. */
export const POLICY_MAX_EXPIRY_DAYS = 3650;
const MAX_DOMAINS = 50;

/** What the policy refuses, and what a visitor of a link it stopped reads. */
export const SharingPolicyRefusal = {
  LinksNotAllowed: 'Your company does not allow links to files.',
  PasswordRequired: 'Your company requires a password on every link.',
  ExpiryTooLong: (days: number) => `Your company allows links to stay open for at most ${days} ${days === 1 ? 'day' : 'days'}.`,
  DomainNotAllowed: (domains: readonly string[]) => `Your company allows sharing only with addresses at ${domains.join(', ')}.`,
  /** A visitor of a link the policy has stopped (links forbidden, or no password where one is required). */
  LinkStopped: 'This link is turned off by its company’s sharing policy.',
  ShareStopped: 'This share is turned off by its company’s sharing policy.',
} as const;
/** Setting a maximum expiry needs the plan's link expiry (links of other plans cannot expire). */
export const POLICY_EXPIRY_NEEDS_PLAN = 'A maximum link expiry is available on the Pro and Enterprise plans.';

const DOMAIN_MESSAGE = 'Enter domains separated by commas, like example.com';
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
const domain = text(DOMAIN_MESSAGE)
  .trim()
  .toLowerCase()
  .transform((d) => d.replace(/^@/, ''))
  .refine((d) => DOMAIN.test(d), { error: DOMAIN_MESSAGE });
const EXPIRY_MESSAGE = `The maximum link expiry must be a whole number of days from 1 to ${POLICY_MAX_EXPIRY_DAYS}`;

export const sharingPolicySchema = z.object({
  linksAllowed: z.boolean(),
  passwordRequired: z.boolean(),
  /** Null: links may stay open for good. */
  maxExpiryDays: z.number().int().min(1).max(POLICY_MAX_EXPIRY_DAYS).nullable(),
  /** Empty: email shares may go to any address. */
  allowedEmailDomains: z.array(z.string()),
});
export type SharingPolicy = z.output<typeof sharingPolicySchema>;

/** The policy a new account has: links allowed, no password required, no maximum, any recipient. */
export const OPEN_SHARING_POLICY: SharingPolicy = { linksAllowed: true, passwordRequired: false, maxExpiryDays: null, allowedEmailDomains: [] };

export const updateSharingPolicySchema = z.object({
  linksAllowed: z.boolean({ error: 'Please choose whether links are allowed' }),
  passwordRequired: z.boolean({ error: 'Please choose whether links need a password' }),
  maxExpiryDays: z.number({ error: EXPIRY_MESSAGE }).int(EXPIRY_MESSAGE).min(1, EXPIRY_MESSAGE).max(POLICY_MAX_EXPIRY_DAYS, EXPIRY_MESSAGE).nullable(),
  allowedEmailDomains: z
    .array(domain)
    .max(MAX_DOMAINS, `At most ${MAX_DOMAINS} domains`)
    .transform((v) => [...new Set(v)]),
});
export type UpdateSharingPolicyRequest = z.input<typeof updateSharingPolicySchema>;

/** The part after the @ of an address, lower-cased. */
export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();
/** Whether the policy lets an email share go to `email` (an empty list lets every address). */
export const policyAllowsRecipient = (policy: Pick<SharingPolicy, 'allowedEmailDomains'>, email: string) =>
  policy.allowedEmailDomains.length === 0 || policy.allowedEmailDomains.includes(emailDomain(email));

export interface SharingPolicyChanged {
  before: SharingPolicy;
  after: SharingPolicy;
  /** Links whose expiry the new maximum cut, and links stopped until they get a password. */
  linksShortened: number;
  linksNeedingPassword: number;
}
/** One person's links stopped by "password required", for the in-app notification and email. */
export interface LinksNeedPassword {
  userId: string;
  fileNames: string[];
  count: number;
}

export interface SharingPolicyEvents {
  [SharingPolicyEvent.Changed]: SharingPolicyChanged;
  [SharingPolicyEvent.LinksNeedPassword]: LinksNeedPassword;
}

export const sharingPolicyRequests = {
  [SharingPolicySubject.Get]: message(z.object({}), sharingPolicySchema),
  [SharingPolicySubject.Update]: message(updateSharingPolicySchema, sharingPolicySchema),
};
