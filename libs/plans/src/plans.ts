const MB = 1024 ** 2;
const GB = 1024 ** 3;
const TB = 1024 ** 4;

/** Plan types a subscription can have; "trial" also stands for "no plan selected". */
export const PLAN_TYPES = ['trial', 'starter', 'business', 'pro', 'enterprise'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** The plans a customer can start a trial of from /checkout. */
export const CHECKOUT_PLANS = ['starter', 'business', 'pro'] as const;
export type CheckoutPlan = (typeof CHECKOUT_PLANS)[number];

/** What a plan allows (spec §3 "Plan feature table", §6, §9). */
export interface PlanFeatures {
  /** Storage limit in bytes, pooled for the account. */
  storageLimit: number;
  /** The largest file in bytes: the spec's 50 MB on the trial (and without a plan), 10 GB on paid plans. */
  maxFileBytes: number;
  hasAuditLogs: boolean;
  hasPermissions: boolean;
  hasCustomBranding: boolean;
  hasAdvancedSecurity: boolean;
  hasIpRestriction: boolean;
  hasLinkExpiry: boolean;
  hasPrioritySupport: boolean;
  /** How many days a file's earlier versions are kept (PRODUCT-DECISIONS "Files"): 30 on trial and starter, 180 from business up. */
  versionRetentionDays: number;
}

const NONE = {
  maxFileBytes: 50 * MB,
  hasAuditLogs: false,
  hasPermissions: false,
  hasCustomBranding: false,
  hasAdvancedSecurity: false,
  hasIpRestriction: false,
  hasLinkExpiry: false,
  hasPrioritySupport: false,
  versionRetentionDays: 30,
};
/** Every paid plan takes files up to 10 GB (sent as resumable multipart uploads). */
const PAID = { ...NONE, maxFileBytes: 10 * GB };
const BUSINESS = { ...PAID, versionRetentionDays: 180, hasAuditLogs: true, hasPermissions: true, hasCustomBranding: true };
const ALL = { ...BUSINESS, hasAdvancedSecurity: true, hasIpRestriction: true, hasLinkExpiry: true, hasPrioritySupport: true };

export const PLAN_FEATURES: Record<PlanType, PlanFeatures> = {
  trial: { storageLimit: 10 * GB, ...NONE },
  starter: { storageLimit: 500 * GB, ...PAID },
  business: { storageLimit: 2 * TB, ...BUSINESS },
  pro: { storageLimit: 5 * TB, ...ALL },
  enterprise: { storageLimit: 5 * TB, ...ALL },
};

/** The restrictions a share may carry (spec §5); empty means none. */
export const SHARE_RESTRICTIONS = ['allowedIps', 'expiresInDays', 'maxAccessCount'] as const;
export type ShareRestriction = (typeof SHARE_RESTRICTIONS)[number];

/** Which plan feature allows which share restriction (spec §2, §5): the Share dialog offers, and the sharing service accepts, only these. */
const SHARE_RESTRICTION_FEATURE = {
  allowedIps: 'hasIpRestriction',
  expiresInDays: 'hasLinkExpiry',
  maxAccessCount: 'hasAdvancedSecurity',
} as const satisfies Record<ShareRestriction, keyof PlanFeatures>;

/** Whether a plan with `features` may put `restriction` on a share. */
export function allowsShareRestriction(
  features: Pick<PlanFeatures, (typeof SHARE_RESTRICTION_FEATURE)[ShareRestriction]>,
  restriction: ShareRestriction,
): boolean {
  return features[SHARE_RESTRICTION_FEATURE[restriction]];
}

export function isPlanType(value: unknown): value is PlanType {
  return typeof value === 'string' && (PLAN_TYPES as readonly string[]).includes(value);
}

/** The features of a plan type; a missing or unknown plan gets the trial's. */
export function planFeatures(planType: string | null | undefined): PlanFeatures {
  return PLAN_FEATURES[isPlanType(planType) ? planType : 'trial'];
}

/** A plan card of /pricing (spec §2 "Pricing"). */
export interface PlanDefinition {
  id: Exclude<PlanType, 'trial'>;
  name: string;
  subtitle: string;
  priceUsd: string;
  priceGbp: string;
  storage: string;
  features: string[];
  popular: boolean;
}

export const PLAN_DEFINITIONS: readonly PlanDefinition[] = [
  {
    id: 'starter',
    name: 'Starter Plan',
    subtitle: 'For small teams and freelancers',
    priceUsd: '$19',
    priceGbp: '£15',
    storage: '500 GB',
    features: ['Unlimited users', 'Basic sharing'],
    popular: false,
  },
  {
    id: 'business',
    name: 'Business Plan',
    subtitle: 'For growing businesses',
    priceUsd: '$35',
    priceGbp: '£29',
    storage: '2 TB',
    features: ['Unlimited users', 'Audit logs and permissions', 'Custom branding'],
    popular: true,
  },
  {
    id: 'pro',
    name: 'Pro Plan',
    subtitle: 'For agencies and heavy file users',
    priceUsd: '$69',
    priceGbp: '£59',
    storage: '5 TB',
    features: ['Unlimited users', 'Custom branding', 'Priority support', 'Advanced security controls', 'IP restriction and link expiry'],
    popular: false,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    subtitle: 'Custom',
    priceUsd: '$200+',
    priceGbp: '£150+',
    storage: '5+ TB',
    features: ['Storage beyond 5 TB', 'Compliance add-ons (GDPR, HIPAA, ISO)', 'Dedicated account manager', 'Custom pricing'],
    popular: false,
  },
];

/** The plan card of a checkout plan, or undefined for a missing or unknown one ("No Plan Selected"). */
export function checkoutPlan(plan: string | null | undefined): PlanDefinition | undefined {
  return (CHECKOUT_PLANS as readonly string[]).includes(plan ?? '') ? PLAN_DEFINITIONS.find((p) => p.id === plan) : undefined;
}
