import {
  AccountEvent,
  AuthEvent,
  BillingEvent,
  DevicesEvent,
  SignInPolicyEvent,
  FilesEvent,
  SharingEvent,
  SharingPolicyEvent,
  LinkEvent,
  FileRequestEvent,
  type LinkItem,
  type LinkAccessKind,
  type FileRequestItem,
  type AuditAction,
  type AuditResourceType,
  type DomainEvent,
  type DomainEvents,
  type FileChange,
  type SelectionChanged,
  itemCount,
  type ShareItem,
  type TwoFactorChanged,
} from '@coffer/contracts';

/** What an event puts in the audit log, and in which account's log (the event's own unless said). */
export interface AuditFact {
  action: AuditAction;
  resourceType: AuditResourceType;
  resourceId: string | null;
  details: Record<string, string>;
  accountId?: string;
}

export type Describe<E extends keyof DomainEvents> = (event: DomainEvent<DomainEvents[E]>) => AuditFact | undefined;
type Describers = { [E in keyof DomainEvents]?: Describe<E> };

/** One item's change; an item changed with a whole selection is in the selection's one entry instead. */
const item = (action: AuditAction, { item: i, inSelection }: FileChange, details: Record<string, string> = {}): AuditFact | undefined =>
  inSelection
    ? undefined
    : {
        action,
        resourceType: i.isFolder ? 'folder' : 'file',
        resourceId: i.id,
        details: { name: i.name, ...details },
      };

const SELECTION_ACTIONS: Record<SelectionChanged['action'], { action: AuditAction; said: (items: string, to?: string) => string }> = {
  move: { action: 'file.move', said: (items, to) => `moved ${items} to ${to}` },
  trash: { action: 'file.delete', said: (items) => `moved ${items} to the trash` },
  restore: { action: 'file.restore', said: (items) => `restored ${items}` },
  delete: { action: 'file.delete_forever', said: (items) => `deleted ${items} forever` },
};
const share = (action: AuditAction, s: ShareItem, details: Record<string, string> = {}): AuditFact => ({
  action,
  resourceType: 'share',
  resourceId: s.id,
  details: { file: s.fileName, recipient: s.sharedWithEmail, ...details },
});

const link = (action: AuditAction, l: LinkItem, details: Record<string, string> = {}): AuditFact => ({
  action,
  resourceType: 'link',
  resourceId: l.id,
  details: {
    file: l.fileName,
    password: l.hasPassword ? 'on' : 'off',
    expiresAt: l.expiresAt ?? 'never',
    maxDownloads: l.maxDownloads === null ? 'none' : String(l.maxDownloads),
    allowedIps: l.allowedIps?.join(' ') ?? 'any',
    ...details,
  },
});
/** How a visitor used a link, in the words of a share's access entry. */
const LINK_ACCESS: Record<LinkAccessKind, string> = { open: 'open', inline: 'view', attachment: 'download' };
const fileRequest = (action: AuditAction, r: FileRequestItem): AuditFact => ({
  action,
  resourceType: 'file_request',
  resourceId: r.id,
  details: { folder: r.folderName, title: r.title, expiresAt: r.expiresAt ?? 'never', maxBytes: r.maxBytes === null ? 'none' : String(r.maxBytes) },
});

const TWO_FACTOR_ACTIONS: Record<TwoFactorChanged['change'], AuditAction> = {
  enabled: 'user.two_factor_enable',
  disabled: 'user.two_factor_disable',
  'recovery-codes-regenerated': 'user.recovery_codes_regenerate',
  'recovery-code-used': 'user.recovery_code_use',
};

/** Every event the audit log keeps (PRODUCT-DECISIONS: every create, upload, move, rename, share, revoke, delete, restore, sign-in, role, team and branding change). */
export const AUDITED: Describers = {
  // Every change of the plan: who changed it (none: the trial or the period ran out), to what.
  [BillingEvent.SubscriptionChanged]: ({ payload: p }) => ({
    action: 'plan.change',
    resourceType: 'plan',
    resourceId: null,
    details: { change: p.reason, plan: p.planName ?? 'No plan selected', status: p.plan.status },
  }),
  [FilesEvent.FolderCreated]: (e) => item('folder.create', e.payload),
  [FilesEvent.FileUploaded]: (e) => item('file.upload', e.payload, { size: String(e.payload.item.size) }),
  [FilesEvent.FileDownloaded]: (e) => item('file.download', e.payload),
  // "Downloaded N items as a zip": how many of the selection the person could view, and the first names.
  [FilesEvent.ItemsZipped]: ({ payload: p }) => ({
    action: 'files.zip_download',
    resourceType: 'file',
    resourceId: p.itemId,
    details: { items: String(p.count), names: p.names.join(', '), summary: `downloaded ${itemCount(p.count)} as a zip` },
  }),
  // "Mia Member moved 1,000 items to Projects": a bulk action is one entry, with how many, the first names and every id.
  [FilesEvent.SelectionChanged]: ({ payload: p }) => ({
    action: SELECTION_ACTIONS[p.action].action,
    // A selection of folders only is about folders; one with any file is "file" (the audit log has no type for a mix).
    resourceType: p.folders === p.count ? 'folder' : 'file',
    resourceId: p.count === 1 ? p.ids[0] : null,
    details: {
      summary: SELECTION_ACTIONS[p.action].said(itemCount(p.count), p.to?.name),
      items: String(p.count),
      names: p.names.join(', ') + (p.count > p.names.length ? `, and ${(p.count - p.names.length).toLocaleString('en-US')} more` : ''),
      ...(p.to && { to: p.to.folderId }),
      ids: p.ids.join(' '),
    },
  }),
  [FilesEvent.FileMoved]: (e) => item('file.move', e.payload, { from: e.payload.fromFolderId, to: e.payload.item.folderId }),
  [FilesEvent.FileRenamed]: (e) => item('file.rename', e.payload, { from: e.payload.previousName }),
  [FilesEvent.FileTrashed]: (e) => item('file.delete', e.payload, { to: 'trash' }),
  [FilesEvent.FileRestored]: (e) => item('file.restore', e.payload),
  [FilesEvent.FileReplaced]: (e) => item('file.replace', e.payload, { size: String(e.payload.item.size) }),
  [FilesEvent.FileVersionRestored]: (e) => item('file.version_restore', e.payload, { size: String(e.payload.item.size) }),
  [FilesEvent.FileDeleted]: (e) => item('file.delete_forever', e.payload),
  [SharingEvent.ShareCreated]: (e) => share('file.share', e.payload.share),
  [SharingEvent.ShareRevoked]: (e) => share('share.revoke', e.payload.share),
  [SharingEvent.ShareAccessed]: (e) => share('share.access', e.payload.share, { access: e.payload.disposition === 'attachment' ? 'download' : 'view' }),
  [LinkEvent.Created]: (e) => link('link.create', e.payload.link),
  [LinkEvent.Changed]: (e) => link('link.update', e.payload.link),
  [LinkEvent.Revoked]: (e) => link('link.revoke', e.payload.link),
  [LinkEvent.PasswordThrottled]: (e) => link('link.password_throttle', e.payload.link),
  [LinkEvent.Accessed]: (e) => link('link.access', e.payload.link, { access: LINK_ACCESS[e.payload.access] }),
  [FileRequestEvent.Created]: (e) => fileRequest('file_request.create', e.payload.request),
  [FileRequestEvent.Revoked]: (e) => fileRequest('file_request.revoke', e.payload.request),
  // A visitor's file through a request: the request's entry, naming the file (the visitor has no account).
  [FileRequestEvent.FileReceived]: ({ payload: p }) => ({
    action: 'file_request.upload',
    resourceType: 'file_request',
    resourceId: p.requestId,
    details: { file: p.fileName, folder: p.folderName, size: String(p.size) },
  }),
  [AuthEvent.SignedIn]: (e) => ({
    action: 'user.sign_in',
    resourceType: 'user',
    resourceId: e.payload.userId,
    details: { email: e.payload.email, method: e.payload.method },
  }),
  [AuthEvent.TwoFactorChanged]: ({ payload: p }) => ({
    action: TWO_FACTOR_ACTIONS[p.change],
    resourceType: 'user',
    resourceId: p.userId,
    details: { email: p.email, recoveryCodesLeft: String(p.recoveryCodesLeft), ...(p.proof ? { proof: p.proof } : {}) },
  }),
  [DevicesEvent.SessionsEnded]: ({ payload: p }) => ({
    action: 'session.end',
    resourceType: 'user',
    resourceId: p.userId,
    details: { email: p.email, scope: p.scope, sessions: String(p.count), ...(p.browser ? { browser: p.browser } : {}) },
  }),
  [SignInPolicyEvent.Changed]: ({ accountId, payload: p }) => ({
    action: 'policy.sign_in_update',
    resourceType: 'policy',
    resourceId: accountId,
    details: {
      ...(p.requireTwoFactor !== undefined && { requireTwoFactor: p.requireTwoFactor ? 'on' : 'off' }),
      ...(p.sso === null && { sso: 'removed' }),
      ...(p.sso && {
        sso: 'saved',
        issuer: p.sso.issuer,
        clientId: p.sso.clientId,
        domains: p.sso.domains.join(', '),
        createUsers: p.sso.createUsers ? 'on' : 'off',
        ssoOnly: p.sso.ssoOnly ? 'on' : 'off',
        ...(p.sso.secretChanged && { clientSecret: 'changed' }),
      }),
      ...(p.ssoDomainVerified && { ssoDomainVerified: p.ssoDomainVerified }),
    },
  }),
  [SharingPolicyEvent.Changed]: ({ accountId, payload: { after, linksShortened, linksNeedingPassword } }) => ({
    action: 'policy.sharing_update',
    resourceType: 'policy',
    resourceId: accountId,
    details: {
      links: after.linksAllowed ? 'allowed' : 'forbidden',
      passwordRequired: after.passwordRequired ? 'on' : 'off',
      maxExpiryDays: after.maxExpiryDays === null ? 'none' : String(after.maxExpiryDays),
      emailDomains: after.allowedEmailDomains.length === 0 ? 'any' : after.allowedEmailDomains.join(' '),
      linksShortened: String(linksShortened),
      linksNeedingPassword: String(linksNeedingPassword),
    },
  }),
  [AccountEvent.MemberInvited]: (e) => ({
    action: 'team.invite',
    resourceType: 'team',
    resourceId: e.payload.invitationId,
    details: { email: e.payload.email, role: e.payload.role },
  }),
  [AccountEvent.InvitationWithdrawn]: (e) => ({
    action: 'team.invite_withdraw',
    resourceType: 'team',
    resourceId: e.payload.invitationId,
    details: { email: e.payload.email },
  }),
  [AccountEvent.InvitationDeclined]: (e) => ({
    action: 'team.invite_decline',
    resourceType: 'team',
    resourceId: e.payload.invitationId,
    details: { email: e.payload.email },
  }),
  [AccountEvent.MembershipChanged]: ({ payload: p, actorId }) => {
    const details = { email: p.email, role: p.role };
    if (p.reason === 'joined') return { action: 'team.join', resourceType: 'team', resourceId: p.userId, details };
    // A removed member's event names their new account: the entry belongs to the one they left (themselves: they left it),
    // with who received their files there.
    if (p.reason === 'removed')
      return {
        action: actorId === p.userId ? 'team.leave' : 'team.remove',
        resourceType: 'team',
        resourceId: p.userId,
        details: { email: p.email, ...(p.filesTo && { filesTo: p.filesTo.email }) },
        accountId: p.previousAccountId,
      };
    return { action: 'role.change', resourceType: 'user', resourceId: p.userId, details };
  },
  [AccountEvent.BrandingChanged]: (e) => ({ action: 'branding.update', resourceType: 'branding', resourceId: e.accountId, details: { ...e.payload } }),
};
