import type { z } from 'zod';
import { accountRequests, type AccountEvents } from './account.js';
import { auditRequests } from './audit.js';
import { authRequests, type AuthEvents } from './auth.js';
import { billingRequests, type BillingEvents } from './billing.js';
import { devicesRequests, type DevicesEvents } from './devices.js';
import { signInPolicyRequests, type SignInPolicyEvents } from './sign-in-policy.js';
import { filesRequests, type FilesEvents } from './files.js';
import { bulkActionRequests } from './bulk-actions.js';
import { healthRequests } from './health.js';
import { notificationRequests, type NotificationEvents } from './notification.js';
import { linkRequests, type LinkEvents } from './links.js';
import { sharingRequests, type SharingEvents } from './sharing.js';
import { fileRequestRequests, type FileRequestEvents } from './file-requests.js';
import { sharingPolicyRequests, type SharingPolicyEvents } from './sharing-policy.js';
import { accountLinksRequests } from './account-links.js';

/**
 * Every request/reply subject of Coffer with its contract. Senders and handlers
 * take their types from here, so a wrong payload or reply does not compile.
 */
export const requestContracts = {
  ...authRequests,
  ...devicesRequests,
  ...signInPolicyRequests,
  ...accountRequests,
  ...filesRequests,
  ...bulkActionRequests,
  ...sharingRequests,
  ...linkRequests,
  ...sharingPolicyRequests,
  ...fileRequestRequests,
  ...accountLinksRequests,
  ...billingRequests,
  ...notificationRequests,
  ...auditRequests,
  ...healthRequests,
};
export type RequestContracts = typeof requestContracts;
export type Subject = keyof RequestContracts;
/** What a sender may send to `S` (before defaults are applied). */
export type PayloadOf<S extends Subject> = z.input<RequestContracts[S]['payload']>;
/** What the handler of `S` receives once the payload is validated. */
export type ReceivedPayload<S extends Subject> = z.output<RequestContracts[S]['payload']>;
/** What `S` answers. */
export type ReplyOf<S extends Subject> = z.output<RequestContracts[S]['reply']>;

/** Every domain event of Coffer with its payload type. */
export type DomainEvents = AuthEvents &
  DevicesEvents &
  SignInPolicyEvents &
  AccountEvents &
  FilesEvents &
  SharingEvents &
  SharingPolicyEvents &
  FileRequestEvents &
  LinkEvents &
  BillingEvents &
  NotificationEvents;
export type EventType = keyof DomainEvents;
/** Any map from event subjects to payloads (tests declare their own). */
export type EventMap = object;
