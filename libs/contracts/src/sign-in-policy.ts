import { z } from 'zod';
import { emailSchema, sessionIssuedSchema } from './auth.js';
import { message } from './messages.js';
import { text } from './text.js';

/** Request/reply subjects of the account's sign-in policy (owner and admins); answered by the auth service. */
export const SignInPolicySubject = {
  Get: 'auth.sign-in-policy.get',
  Update: 'auth.sign-in-policy.update',
} as const;

export const SignInPolicyEvent = {
  /** The owner or an admin changed the account's sign-in policy (the audit log keeps it). */
  Changed: 'events.auth.sign-in-policy.changed',
} as const;

/** What every call but the two-factor setup ones answers while a member of an account that requires it has no factor. */
export const TWO_FACTOR_SETUP_REQUIRED = 'Your account requires two-factor authentication. Set it up to continue.';
export const TURN_ON_TWO_FACTOR_FIRST = 'Turn on two-factor authentication for yourself first.';
export const TWO_FACTOR_REQUIRED_BY_ACCOUNT = 'Your account requires two-factor authentication: it cannot be turned off.';

export const signInPolicySchema = z.object({
  /** Everyone in the account signs in with a second factor; one without is led through setup first. */
  requireTwoFactor: z.boolean(),
});
export type SignInPolicy = z.output<typeof signInPolicySchema>;
export const updateSignInPolicySchema = z.object({ requireTwoFactor: z.boolean({ error: 'Please choose on or off' }) });
export type UpdateSignInPolicyRequest = z.input<typeof updateSignInPolicySchema>;

export interface SignInPolicyChanged {
  requireTwoFactor?: boolean;
  /** Single sign-on set up or changed (never its secret), or removed (null). */
  sso?: { issuer: string; clientId: string; domains: string[]; createUsers: boolean; ssoOnly: boolean; secretChanged: boolean } | null;
  /** A domain of single sign-on proved the account's by its DNS TXT record: from now on it signs in through the provider. */
  ssoDomainVerified?: string;
}

export interface SignInPolicyEvents {
  [SignInPolicyEvent.Changed]: SignInPolicyChanged;
}

// ---- Single sign-on with OpenID Connect (plans with advanced security) ----

/** Subjects of single sign-on: its settings (owner and admins), and the sign-in through it (anyone, before signing in). */
export const SingleSignOnSubject = {
  Get: 'auth.sso.get',
  Save: 'auth.sso.save',
  Remove: 'auth.sso.remove',
  /** Checks the DNS TXT record that proves the account holds one of its domains (owner and admins). */
  VerifyDomain: 'auth.sso.verify-domain',
  /** Whether an email's domain signs in through its company's provider (the login page asks after the email is typed). */
  Lookup: 'auth.sso.lookup',
  Start: 'auth.sso.start',
  Finish: 'auth.sso.finish',
} as const;

export const SSO_INTERNAL_ADDRESS = 'The issuer must be a public address: Coffer does not call addresses inside its own network.';
export const SSO_DISCOVERY_FAILED = "The provider's OpenID configuration could not be read from this issuer. Check the issuer URL.";
export const SSO_DOMAIN_TAKEN = (domain: string) => `${domain} already signs in with single sign-on in another account.`;
export const SSO_CLIENT_SECRET_REQUIRED = 'Please enter the client secret';
export const SSO_ONLY_REFUSAL = 'Your company signs in with single sign-on. Use the SSO button to sign in.';
export const SSO_SIGN_IN_FAILED = 'Single sign-on did not complete. Please try again.';
export const SSO_NOT_AVAILABLE = 'Single sign-on is not available for this email address.';
export const SSO_NO_USER = 'There is no Coffer user for this address. Ask your administrator for an invitation.';
/** Where the proof of a domain is published: a TXT record of this name, holding `coffer-verification=<token>`. */
export const ssoVerificationRecordName = (domain: string) => `_coffer-verification.${domain}`;
export const ssoVerificationRecordValue = (token: string) => `coffer-verification=${token}`;
export const SSO_DOMAIN_NOT_LISTED = 'This domain is not one of your single sign-on domains. Save it first.';
export const SSO_DOMAIN_NOT_VERIFIED = (domain: string) =>
  `We could not find the TXT record for ${domain}. Check its name and value; DNS changes can take a while to show up, so try again in a few minutes.`;
export const SSO_DNS_LOOKUP_FAILED = (domain: string) =>
  `We could not complete the DNS lookup for ${domain}: its DNS servers did not answer, or answered with an error. Nothing was changed; please try again in a few minutes.`;
export const SSO_OTHER_ACCOUNT = 'This address belongs to another Coffer account. Sign in with your password.';

/** An email domain (example.com): lower-case, no scheme, no @. */
export const emailDomainSchema = text('Please enter valid email domains, such as example.com')
  .trim()
  .toLowerCase()
  .pipe(
    z
      .string()
      .max(253, 'Please enter valid email domains, such as example.com')
      .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Please enter valid email domains, such as example.com'),
  );

/** What the owner and admins see of the account's single sign-on (never the client secret). */
export const singleSignOnSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  domains: z.array(z.string()),
  /** A person of a covered domain without a Coffer user gets one in this account, as a member, at their first sign-in. */
  createUsers: z.boolean(),
  /** Password sign-in is refused for the account's people of covered domains (the owner keeps theirs). */
  ssoOnly: z.boolean(),
  /**
   * Each domain's proof of ownership: only verified domains sign in through the provider (the button, "SSO only",
   * new users). Unverified, it waits for the TXT record `txtName` holding `txtValue`.
   */
  verifications: z.array(z.object({ domain: z.string(), verified: z.boolean(), txtName: z.string(), txtValue: z.string() })),
});
export type SingleSignOn = z.output<typeof singleSignOnSchema>;
/** The account's single sign-on (null: not set up), and the redirect URI to register at the provider. */
export const singleSignOnReplySchema = z.object({ sso: singleSignOnSchema.nullable(), redirectUri: z.string() });
export type SingleSignOnReply = z.output<typeof singleSignOnReplySchema>;

export const saveSingleSignOnSchema = z.object({
  issuer: text('Please enter the issuer URL')
    .trim()
    .pipe(z.url({ protocol: /^https?$/, error: 'Please enter the issuer URL, such as https://login.example.com' }).max(500)),
  clientId: text('Please enter the client ID').trim().min(1, 'Please enter the client ID').max(500, 'Client ID is too long'),
  /** Required the first time; left out afterwards, the stored one is kept. */
  clientSecret: text(SSO_CLIENT_SECRET_REQUIRED).min(1, SSO_CLIENT_SECRET_REQUIRED).max(2000, 'Client secret is too long').optional(),
  domains: z
    .array(emailDomainSchema, { error: 'Please enter at least one email domain' })
    .min(1, 'Please enter at least one email domain')
    .max(50, 'At most 50 email domains'),
  createUsers: z.boolean({ error: 'Please choose on or off' }),
  ssoOnly: z.boolean({ error: 'Please choose on or off' }),
});
export type SaveSingleSignOnRequest = z.input<typeof saveSingleSignOnSchema>;

export const verifySsoDomainSchema = z.object({ domain: emailDomainSchema });
export type VerifySsoDomainRequest = z.input<typeof verifySsoDomainSchema>;

export const ssoLookupSchema = z.object({ email: emailSchema });
/** Covered: the button's company name; anything else answers null, whatever the reason. */
export const ssoLookupReplySchema = z.object({ sso: z.object({ companyName: z.string() }).nullable() });
export type SsoLookupReply = z.output<typeof ssoLookupReplySchema>;

export const ssoStartSchema = z.object({ email: emailSchema, rememberMe: z.boolean().default(false) });
/** Where the browser goes next, and (to the gateway only, for an httpOnly cookie) the secret that ties the sign-in to this browser. */
export const ssoStartedSchema = z.object({ authorizationUrl: z.string(), browserBinding: z.string() });
export const browserSsoStartedSchema = z.object({ authorizationUrl: z.string() });

const callbackParam = text('Single sign-on did not complete. Please try again.').max(4000, 'Single sign-on did not complete. Please try again.');
/** The query the provider sent the browser back with (code, state, iss; or error). */
export const ssoCallbackSchema = z.object({
  code: callbackParam.optional(),
  state: callbackParam,
  iss: callbackParam.optional(),
  error: callbackParam.optional(),
  error_description: callbackParam.optional(),
});
export const ssoFinishSchema = ssoCallbackSchema.extend({ browserBinding: z.string().max(200).optional() });
export type SsoFinishRequest = z.input<typeof ssoFinishSchema>;

export const signInPolicyRequests = {
  [SignInPolicySubject.Get]: message(z.object({}), signInPolicySchema),
  [SignInPolicySubject.Update]: message(updateSignInPolicySchema, signInPolicySchema),
  [SingleSignOnSubject.Get]: message(z.object({}), singleSignOnReplySchema),
  [SingleSignOnSubject.Save]: message(saveSingleSignOnSchema, singleSignOnReplySchema),
  [SingleSignOnSubject.Remove]: message(z.object({}), singleSignOnReplySchema),
  [SingleSignOnSubject.VerifyDomain]: message(verifySsoDomainSchema, singleSignOnReplySchema),
  [SingleSignOnSubject.Lookup]: message(ssoLookupSchema, ssoLookupReplySchema),
  [SingleSignOnSubject.Start]: message(ssoStartSchema, ssoStartedSchema),
  [SingleSignOnSubject.Finish]: message(ssoFinishSchema, sessionIssuedSchema),
};
