import { z } from 'zod';
import { emailSchema } from './auth.js';
import { unreadableSecondaryColor } from './brand-colors.js';
import { message } from './messages.js';
import { isoDateTime, nameText, okReplySchema, text } from './text.js';

/**
 * The organisation side of the auth service: profiles and avatars, email
 * preferences and general settings, the team and its roles, branding, and
 * deleting a user. Roles are checked against the auth service's own tables at
 * the moment of the request (never only the access token's claim).
 */
export const AccountSubject = {
  GetProfile: 'auth.profile.get',
  UpdateProfile: 'auth.profile.update',
  /** A presigned PUT for a new avatar (image type and declared size checked first). */
  CreateAvatarUpload: 'auth.avatar.upload-url',
  /** Checks the uploaded bytes (size, JPG/PNG/GIF signature) and makes them the avatar. */
  SetAvatar: 'auth.avatar.set',
  GetPreferences: 'auth.preferences.get',
  UpdatePreferences: 'auth.preferences.update',
  ListTeam: 'auth.team.list',
  InviteMember: 'auth.team.invite',
  RemoveMember: 'auth.team.remove',
  /** A non-owner member leaves their account themselves (as a removal does: into an empty account of their own; their files stay, with the owner). */
  LeaveTeam: 'auth.team.leave',
  /** The pending invitations to the caller's own address, and whether they may join now. */
  ListInvitations: 'auth.invitations.list',
  /** The invited person joins the inviting account: their own choice, decided here, never a side effect of signing in. */
  JoinInvitation: 'auth.invitations.join',
  DeclineInvitation: 'auth.invitations.decline',
  ListRoles: 'auth.roles.list',
  AddRole: 'auth.roles.add',
  RemoveRole: 'auth.roles.remove',
  GetBranding: 'auth.branding.get',
  UpdateBranding: 'auth.branding.update',
  /** Deletes the caller (and the account when they own it alone; a member's files stay, with the owner), confirmed by typing their email. */
  DeleteUser: 'auth.user.delete',
  /** Internal (never routed over HTTP): how many rows each service still holds for a user. */
  PersonalDataInventory: 'auth.personal-data.inventory',
} as const;

/** Events of the organisation, published by the auth service. */
export const AccountEvent = {
  /** An invitation to join an account: the invitee gets the user-invited email with its link. */
  MemberInvited: 'events.auth.team.member-invited',
  /** A user's account or role changed: access tokens issued before it are refused; a joining user's rows move with them, a departing member's files stay. */
  MembershipChanged: 'events.auth.membership.changed',
  /** A user's email preferences or general settings changed. */
  PreferencesChanged: 'events.auth.preferences.changed',
  /** A user was deleted: every service erases what it holds of them (and of the account when it went too). */
  UserDeleted: 'events.auth.user.deleted',
  /** An invitation still pending was withdrawn from the team list. */
  InvitationWithdrawn: 'events.auth.team.invitation-withdrawn',
  /** The invited person declined: the invitation is gone and whoever invited them is told. */
  InvitationDeclined: 'events.auth.team.invitation-declined',
  /** The account's branding was saved. */
  BrandingChanged: 'events.auth.branding.changed',
  /** A role was given or taken on User Permissions (whether or not the member's role changed with it). */
  RolesChanged: 'events.auth.team.roles-changed',
} as const;

/** The personal-data inventory subject of each service (internal; used by the deletion proof). */
export type CofferService = 'auth' | 'files' | 'sharing' | 'billing' | 'notification';
export const personalDataInventorySubject = <S extends CofferService>(service: S) => `${service}.personal-data.inventory` as `${S}.personal-data.inventory`;

/** Spec §9. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const AVATAR_TOO_LARGE = 'File size must be less than 2MB';
export const AVATAR_NOT_AN_IMAGE = 'Please choose a JPG, PNG or GIF image';
export const DEFAULT_PRIMARY_COLOR = '#000000';
export const DEFAULT_SECONDARY_COLOR = '#ffffff';
export const ENTER_AN_EMAIL = 'Please enter an email address';
export const USER_NOT_FOUND = 'User not found with that email';

export const ROLES = ['owner', 'admin', 'moderator', 'member'] as const;
export type Role = (typeof ROLES)[number];
/** Roles the invite dialog offers (spec §6), member first: the default. */
export const INVITE_ROLES = ['member', 'admin'] as const;
/** Roles the User Permissions card offers (spec §6). */
export const PERMISSION_ROLES = ['admin', 'moderator', 'member'] as const;

/** What each role may do (PRODUCT-DECISIONS.md "Organisation and roles"); the server and the UI read this one table. */
export const ROLE_ABILITIES = {
  viewAuditLog: ['owner', 'admin', 'moderator'],
  revokeAnyShare: ['owner', 'admin', 'moderator'],
  manageTeam: ['owner', 'admin'],
  manageBranding: ['owner', 'admin'],
  managePlan: ['owner'],
  manageTeamFolders: ['owner', 'admin'],
  manageSharingPolicy: ['owner', 'admin'],
  viewAccountLinks: ['owner', 'admin'],
} as const satisfies Record<string, readonly Role[]>;
export type RoleAbility = keyof typeof ROLE_ABILITIES;
export const roleMay = (role: Role, ability: RoleAbility): boolean => (ROLE_ABILITIES[ability] as readonly Role[]).includes(role);
/** What a user is told when their role may not do something. */
export const ROLE_REFUSALS: Record<RoleAbility, string> = {
  viewAuditLog: 'Only the account owner, admins and moderators can see the audit log.',
  revokeAnyShare: 'Only the account owner, admins and moderators can revoke shares made by others.',
  manageTeam: 'Only the account owner and admins can manage the team.',
  manageBranding: 'Only the account owner and admins can change the branding.',
  managePlan: 'Only the account owner can do that.',
  manageTeamFolders: 'Only the account owner and admins can create, rename or delete team folders.',
  manageSharingPolicy: 'Only the account owner and admins can change the sharing policy.',
  viewAccountLinks: 'Only the account owner and admins can see every link in the account.',
};
/** What a user is told when the account's plan lacks a feature. */
export const PLAN_REFUSALS = {
  hasCustomBranding: 'Custom branding is available on the Business, Pro and Enterprise plans.',
  hasPermissions: 'User permissions are available on the Business, Pro and Enterprise plans.',
  hasAuditLogs: 'Audit logs are available on the Business, Pro and Enterprise plans.',
  hasAdvancedSecurity: 'Single sign-on is available on the Pro and Enterprise plans.',
} as const;

const personName = (label: string) => nameText(`${label} is too long`).trim().max(100, `${label} is too long`);
const optionalText = (label: string) => nameText(`${label} is too long`).trim().max(200, `${label} is too long`);

export const updateProfileSchema = z.object({
  firstName: personName('First name').min(1, 'Please enter your first name'),
  lastName: personName('Last name').default(''),
  company: optionalText('Company').default(''),
  jobTitle: optionalText('Job title').default(''),
});
export type UpdateProfileRequest = z.input<typeof updateProfileSchema>;

export const profileSchema = z.object({
  userId: z.uuid(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  company: z.string(),
  jobTitle: z.string(),
  avatarUrl: z.string().nullable().describe('a short-lived URL of the avatar image, or null'),
  memberSince: isoDateTime(),
  twoFactorEnabled: z.boolean(),
  accountId: z.uuid(),
  accountName: z.string(),
  role: z.enum(ROLES),
  /** The account owner's name: the others ask them to change the plan. */
  ownerName: z.string(),
});
export type Profile = z.output<typeof profileSchema>;

export const avatarUploadRequestSchema = z.object({
  contentType: z.enum(AVATAR_TYPES, { error: AVATAR_NOT_AN_IMAGE }),
  size: z
    .number({ error: AVATAR_TOO_LARGE })
    .int()
    .min(1, AVATAR_NOT_AN_IMAGE)
    .max(AVATAR_MAX_BYTES - 1, AVATAR_TOO_LARGE),
});
export const avatarUploadSchema = z.object({
  uploadId: z.uuid(),
  url: z.string(),
  headers: z.record(z.string(), z.string()).describe('headers the PUT must send'),
});
export type AvatarUpload = z.output<typeof avatarUploadSchema>;
export const setAvatarSchema = z.object({ uploadId: z.uuid({ error: 'Upload not found' }) });

/** Spec §2 "Email Preferences dialog" with its §9 defaults. */
export const emailPreferencesSchema = z.object({
  marketing: z.boolean(),
  productUpdates: z.boolean(),
  securityAlerts: z.boolean(),
  newsletter: z.boolean(),
});
export type EmailPreferences = z.output<typeof emailPreferencesSchema>;
export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = { marketing: true, productUpdates: true, securityAlerts: true, newsletter: false };

export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export const TIMEZONES = ['utc', 'est', 'pst', 'cet'] as const;
/** Spec §2 "Settings → General". */
export const generalSettingsSchema = z.object({
  language: z.enum(LANGUAGES, { error: 'Please choose a language' }),
  timezone: z.enum(TIMEZONES, { error: 'Please choose a timezone' }),
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
});
export type GeneralSettings = z.output<typeof generalSettingsSchema>;
export const DEFAULT_GENERAL_SETTINGS: GeneralSettings = { language: 'en', timezone: 'utc', emailNotifications: true, pushNotifications: true };

/** How the file lists show their items: cards in a grid, or rows (name, size, modified, added by). Kept per user. */
export const FILE_VIEW_LAYOUTS = ['grid', 'list'] as const;
export type FileViewLayout = (typeof FILE_VIEW_LAYOUTS)[number];
export const fileViewLayoutSchema = z.enum(FILE_VIEW_LAYOUTS, { error: `fileView must be one of ${FILE_VIEW_LAYOUTS.join(', ')}` });
export const DEFAULT_FILE_VIEW: FileViewLayout = 'grid';

export const preferencesSchema = z.object({ email: emailPreferencesSchema, general: generalSettingsSchema, fileView: fileViewLayoutSchema });
export type Preferences = z.output<typeof preferencesSchema>;
export const updatePreferencesSchema = z.object({
  email: emailPreferencesSchema.optional(),
  general: generalSettingsSchema.optional(),
  fileView: fileViewLayoutSchema.optional(),
});
export type UpdatePreferencesRequest = z.input<typeof updatePreferencesSchema>;

const invitedEmail = text(ENTER_AN_EMAIL).trim().min(1, ENTER_AN_EMAIL).pipe(emailSchema);

export const teamMemberSchema = z.object({
  id: z.uuid(),
  /** The member's user id once they joined (what a team folder's access entry names, and who may receive another member's files); null while pending. */
  userId: z.uuid().nullable(),
  email: z.string(),
  fullName: z.string().nullable(),
  /** The role given at the invitation; once they joined, the role they have now. */
  role: z.enum(PERMISSION_ROLES),
  status: z.enum(['pending', 'active']),
  invitedAt: isoDateTime(),
});
export type TeamMember = z.output<typeof teamMemberSchema>;
/** The account's owner: not a row of the team list, but who receives a departing member's files by default. */
export const accountOwnerSchema = z.object({ userId: z.uuid(), fullName: z.string(), email: z.string() });
export const listTeamReplySchema = z.object({ items: z.array(teamMemberSchema), owner: accountOwnerSchema });
export type ListTeamReply = z.output<typeof listTeamReplySchema>;
export const inviteMemberSchema = z.object({ email: invitedEmail, role: z.enum(INVITE_ROLES, { error: 'Please choose member or admin' }).default('member') });
export type InviteMemberRequest = z.input<typeof inviteMemberSchema>;
export const memberIdSchema = z.object({ id: z.uuid({ error: 'Team member not found' }) });
export const FILES_RECEIVER_NOT_IN_TEAM = 'Choose someone in your team to receive their files';
export const FILES_RECEIVER_IS_LEAVING = 'Choose someone other than the member you remove to receive their files';
/** Who receives a removed member's files: the user id of someone else in the account (default: its owner). */
export const removeMemberQuerySchema = z.object({ filesTo: z.uuid({ error: FILES_RECEIVER_NOT_IN_TEAM }).optional() });
export const removeMemberSchema = memberIdSchema.extend(removeMemberQuerySchema.shape);
export type RemoveMemberRequest = z.input<typeof removeMemberSchema>;
/** The folder a departing member's My files move into, in the receiver's My files (" (1)" and on when the name is taken). */
export const handedOverFolderName = (fullName: string) => `${fullName}'s files`;
/** What leaving or deleting their own account does to a member's files. */
export const memberFilesStay = (company: string) => `Your files stay with ${company}: they move to its owner's My files.`;

/** How many invitation emails one owner or admin may send in an hour, and to one address (like share emails). */
export const invitationLimitReached = (when: string) => `You have sent too many invitations in the last hour. Please try again in ${when}.`;
export const invitationRecipientLimitReached = (when: string) => `You have invited this address too often in the last hour. Please try again in ${when}.`;
export const INVITATION_NOT_FOUND = 'Invitation not found';
export const INVITATION_EMAIL_NOT_CONFIRMED =
  'Confirm your email address before joining a team: open the link in the confirmation email we sent you, then join.';
/** Why the caller cannot join yet, and what happens to their files: the banner shows it and Join answers it (409). */
export const invitationBlockers = {
  member: (current: string, inviting: string) =>
    `You are a member of ${current}. Leave ${current} first to join ${inviting}: when you leave, your files stay with ${current} and you get an empty account of your own.`,
  ownerWithMembers: (current: string, inviting: string) =>
    `You own ${current}, which has other members. Remove them from ${current} before you join ${inviting}.`,
};
/** What joining does to the files of an owner alone in their account. */
export const invitationFilesMove = (inviting: string) => `Your files move with you into ${inviting}'s account and count towards its storage.`;
export const LEAVE_AS_OWNER = 'The account owner cannot leave the account.';

export const invitationSchema = z.object({
  id: z.uuid(),
  /** The inviting account's name: "<Company> invited you to join their team". */
  accountName: z.string(),
  inviterName: z.string(),
  role: z.enum(INVITE_ROLES),
  invitedAt: isoDateTime(),
  /** Why Join is refused now (the 409 it would answer), or null when the caller may join. */
  blocker: z.string().nullable(),
  /** What joining does to the caller's files, when they may join. */
  filesNote: z.string().nullable(),
});
export type Invitation = z.output<typeof invitationSchema>;
export const listInvitationsReplySchema = z.object({
  items: z.array(invitationSchema),
  /** False: Join is refused until the caller confirms their address. */
  emailConfirmed: z.boolean(),
  /** The caller's account, and whether they may leave it themselves (a member, not its owner). */
  currentAccountName: z.string(),
  canLeave: z.boolean(),
});
export type ListInvitationsReply = z.output<typeof listInvitationsReplySchema>;
export const invitationIdSchema = z.object({ id: z.uuid({ error: INVITATION_NOT_FOUND }) });

export const userRoleSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  email: z.string(),
  role: z.enum(PERMISSION_ROLES),
  createdAt: isoDateTime(),
});
export type UserRole = z.output<typeof userRoleSchema>;
export const listRolesReplySchema = z.object({ items: z.array(userRoleSchema) });
export type ListRolesReply = z.output<typeof listRolesReplySchema>;
export const addRoleSchema = z.object({ email: invitedEmail, role: z.enum(PERMISSION_ROLES, { error: 'Please choose admin, moderator or member' }) });
export type AddRoleRequest = z.input<typeof addRoleSchema>;
export const roleIdSchema = z.object({ id: z.uuid({ error: 'Role not found' }) });

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const color = (label: string) =>
  z
    .string({ error: `${label} must be a colour like #1a2b3c` })
    .regex(HEX_COLOR, `${label} must be a colour like #1a2b3c`)
    .transform((v) => v.toLowerCase());
/** An https image address (or nothing): anything else would load from an insecure or script origin. */
const logoUrl = text('Logo URL must be an https:// address')
  .trim()
  .max(2000, 'Logo URL is too long')
  .refine((v) => v === '' || isHttpsUrl(v), { error: 'Logo URL must be an https:// address' });
function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}
export const brandingSchema = z.object({
  companyName: z.string(),
  logoUrl: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  /** False until the account saves its branding: the top bar shows Coffer's own logo. */
  custom: z.boolean(),
});
export type Branding = z.output<typeof brandingSchema>;
/** The secondary colour is the text on the primary one: a pair too close to read is refused with the reason, never silently replaced. */
export const updateBrandingSchema = z
  .object({
    companyName: nameText('Company name is too long').trim().max(100, 'Company name is too long').default(''),
    logoUrl: logoUrl.default(''),
    primaryColor: color('Primary color'),
    secondaryColor: color('Secondary color'),
  })
  .superRefine(({ primaryColor, secondaryColor }, ctx) => {
    const problem = unreadableSecondaryColor(primaryColor, secondaryColor);
    if (problem) ctx.addIssue({ code: 'custom', path: ['secondaryColor'], message: problem });
  });
export type UpdateBrandingRequest = z.input<typeof updateBrandingSchema>;

export const deleteUserSchema = z.object({ email: text('Type your email address to confirm').trim().toLowerCase().max(320) });
export const DELETE_CONFIRMATION_MISMATCH = 'Type your email address exactly to confirm';
export const OWNER_WITH_MEMBERS = 'Your account still has team members. Remove them before deleting your account.';

/** How many rows (and objects) a service still holds of a user, table by table. */
export const personalDataQuerySchema = z.object({ userId: z.uuid(), email: z.string() });
export const personalDataInventorySchema = z.object({ service: z.string(), counts: z.record(z.string(), z.number().int().min(0)) });
export type PersonalDataInventory = z.output<typeof personalDataInventorySchema>;

const noPayload = z.object({});

/** Every request of the organisation side of the auth service. */
export const accountRequests = {
  [AccountSubject.GetProfile]: message(noPayload, profileSchema),
  [AccountSubject.UpdateProfile]: message(updateProfileSchema, profileSchema),
  [AccountSubject.CreateAvatarUpload]: message(avatarUploadRequestSchema, avatarUploadSchema),
  [AccountSubject.SetAvatar]: message(setAvatarSchema, profileSchema),
  [AccountSubject.GetPreferences]: message(noPayload, preferencesSchema),
  [AccountSubject.UpdatePreferences]: message(updatePreferencesSchema, preferencesSchema),
  [AccountSubject.ListTeam]: message(noPayload, listTeamReplySchema),
  [AccountSubject.InviteMember]: message(inviteMemberSchema, teamMemberSchema),
  [AccountSubject.RemoveMember]: message(removeMemberSchema, okReplySchema),
  [AccountSubject.LeaveTeam]: message(noPayload, okReplySchema),
  [AccountSubject.ListInvitations]: message(noPayload, listInvitationsReplySchema),
  [AccountSubject.JoinInvitation]: message(invitationIdSchema, okReplySchema),
  [AccountSubject.DeclineInvitation]: message(invitationIdSchema, okReplySchema),
  [AccountSubject.ListRoles]: message(noPayload, listRolesReplySchema),
  [AccountSubject.AddRole]: message(addRoleSchema, userRoleSchema),
  [AccountSubject.RemoveRole]: message(roleIdSchema, okReplySchema),
  [AccountSubject.GetBranding]: message(noPayload, brandingSchema),
  [AccountSubject.UpdateBranding]: message(updateBrandingSchema, brandingSchema),
  [AccountSubject.DeleteUser]: message(deleteUserSchema, okReplySchema),
  [personalDataInventorySubject('auth')]: message(personalDataQuerySchema, personalDataInventorySchema),
  [personalDataInventorySubject('files')]: message(personalDataQuerySchema, personalDataInventorySchema),
  [personalDataInventorySubject('sharing')]: message(personalDataQuerySchema, personalDataInventorySchema),
  [personalDataInventorySubject('billing')]: message(personalDataQuerySchema, personalDataInventorySchema),
  [personalDataInventorySubject('notification')]: message(personalDataQuerySchema, personalDataInventorySchema),
};

/** Someone was invited to an account: the notification service sends the user-invited email. */
export interface MemberInvited {
  invitationId: string;
  email: string;
  role: (typeof INVITE_ROLES)[number];
  inviterName: string;
  accountName: string;
  /** Single-use secret of the invitation link: signing up through it proves the address. */
  token: string;
}

/** Who received a departing member's files: the owner, or whom the owner or admin who removed them chose. */
export interface FilesReceiver {
  userId: string;
  fullName: string;
  email: string;
}

/**
 * A user's account or role changed. `previousAccountId` differs from
 * `accountId` when they moved: joined an account (services move that user's
 * rows with them), or were removed from one (or left it) into an empty account
 * of their own: then `filesTo` is set, and their files stay in the account they
 * left, handed over to that person (their My files, their shares).
 */
export interface MembershipChanged {
  userId: string;
  email: string;
  fullName: string;
  accountId: string;
  previousAccountId: string;
  role: Role;
  /** Access tokens carrying an older version are refused (the client refreshes them). */
  membershipVersion: number;
  /** 'removed' by an owner or admin, or by themselves (`actorId` is the user: they left). */
  reason: 'joined' | 'removed' | 'role-changed';
  /** Who invited them, when they joined from an invitation. */
  invitedBy?: string;
  /** Removed or left: who received their files in the account they left. */
  filesTo?: FilesReceiver;
}

export interface PreferencesChanged {
  userId: string;
  /** What the emails honour (the file view is the browser's only). */
  preferences: Pick<Preferences, 'email' | 'general'>;
}

/**
 * A user was deleted; `accountDeleted` when the account (they owned it alone) went with them. A member of
 * someone else's account hands their files over first (`filesTo`: its owner); the rest of theirs is erased.
 */
export interface UserDeleted {
  userId: string;
  email: string;
  fullName?: string;
  accountId: string;
  accountDeleted: boolean;
  filesTo?: FilesReceiver;
}

export interface InvitationWithdrawn {
  invitationId: string;
  email: string;
}

export interface InvitationDeclined {
  invitationId: string;
  email: string;
  /** The person who declined (a Coffer user signed in with the invited address). */
  userId: string;
  fullName: string;
  invitedBy: string;
}

export interface BrandingChanged {
  companyName: string;
  logoUrl: string;
  primaryColor: string;
  secondaryColor: string;
}

export interface RolesChanged {
  /** The role given or taken (its row on User Permissions). */
  roleId: string;
  userId: string;
  /** The role given; null when it was taken. */
  role: Role | null;
}

export interface AccountEvents {
  [AccountEvent.RolesChanged]: RolesChanged;
  [AccountEvent.InvitationWithdrawn]: InvitationWithdrawn;
  [AccountEvent.InvitationDeclined]: InvitationDeclined;
  [AccountEvent.BrandingChanged]: BrandingChanged;
  [AccountEvent.MemberInvited]: MemberInvited;
  [AccountEvent.MembershipChanged]: MembershipChanged;
  [AccountEvent.PreferencesChanged]: PreferencesChanged;
  [AccountEvent.UserDeleted]: UserDeleted;
}
