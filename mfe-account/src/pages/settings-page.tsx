import { PLAN_REFUSALS, ROLE_REFUSALS, roleMay, type AccountPlan, type PlanFeatureSet, type Profile, type RoleAbility } from '@coffer/contracts';
import { useGetProfileQuery, useAccountPlanQuery } from '@coffer/web-core/store';
import { useNavigate, useParams } from '@coffer/web-core/router';
import { Skeleton, Tabs, TabsContent, TabsList, TabsTrigger } from '@coffer/ui';
import { PanelHeading } from '../components/panel-heading';
import { AuditLogCard } from '../features/audit/components/audit-log-card';
import { SecuritySettings } from '../features/security/components/security-settings';
import { BrandingSettings } from '../features/settings/components/branding-settings';
import { GeneralSettings } from '../features/settings/components/general-settings';
import { SharingPolicyCard } from '../features/settings/components/sharing-policy-card';
import { AccountLinksCard } from '../features/settings/components/account-links-card';
import { SettingsGateNotice } from '../features/settings/components/settings-gate-notice';
import { StorageSettings } from '../features/settings/components/storage-settings';
import { UserPermissions } from '../features/settings/components/user-permissions';
import { MemberStorage } from '../features/team/components/member-storage';
import { settingsTitle } from '../lib/plan-display';

type GatedFeature = keyof typeof PLAN_REFUSALS & keyof PlanFeatureSet;
interface SettingsTab {
  id: string;
  label: string;
  /** The card's title, for the notice shown in its place when it is not available. */
  cardTitle?: string;
  feature?: GatedFeature;
  ability?: RoleAbility;
}

// Spec §2 Settings; Branding, Permissions and Audit Logs only on plans that have them (spec §6), as billing answers.
// Each also only for the roles that may use it (PRODUCT-DECISIONS roles table): the UI hides what the server would refuse.
const SETTINGS_TABS: readonly SettingsTab[] = [
  { id: 'general', label: 'General' },
  { id: 'security', label: 'Security' },
  { id: 'storage', label: 'Storage' },
  { id: 'branding', label: 'Branding', cardTitle: 'Custom Branding', feature: 'hasCustomBranding', ability: 'manageBranding' },
  { id: 'permissions', label: 'Permissions', cardTitle: 'User Permissions', feature: 'hasPermissions', ability: 'manageTeam' },
  { id: 'audit-logs', label: 'Audit Logs', cardTitle: 'Audit Logs', feature: 'hasAuditLogs', ability: 'viewAuditLog' },
];

/** Why `tab` is not open to this user (their role first: a better plan would not change that), or null when it is. */
function refusal(tab: SettingsTab, plan: AccountPlan, profile: Profile): { message: string; upgrade: boolean } | null {
  if (tab.ability && !roleMay(profile.role, tab.ability)) return { message: ROLE_REFUSALS[tab.ability], upgrade: false };
  if (tab.feature && !plan.features[tab.feature]) return { message: PLAN_REFUSALS[tab.feature], upgrade: roleMay(profile.role, 'managePlan') };
  return null;
}

/**
 * /dashboard/settings/:tab?, titled by the plan's name plus "Settings". A tab the
 * plan or the role does not include is not offered; opened by its address (a
 * bookmark, or the plan ended meanwhile), it says why in place of its card.
 */
export function SettingsPage() {
  const { tab } = useParams();
  const navigate = useNavigate();
  const { data: plan } = useAccountPlanQuery();
  const { data: profile } = useGetProfileQuery();
  const known = plan && profile;
  const tabs = SETTINGS_TABS.filter((t) => !t.feature || (known && !refusal(t, plan, profile)));
  const requested = SETTINGS_TABS.find(({ id }) => id === tab);
  const refused = requested && known ? refusal(requested, plan, profile) : null;
  // A plan tab asked for by its address waits for the plan and the role, rather than showing General meanwhile.
  const deciding = Boolean(requested?.feature && !known);
  const active = refused || deciding ? requested!.id : (tabs.find(({ id }) => id === tab)?.id ?? 'general');

  return (
    <>
      <PanelHeading title={settingsTitle(plan)} />
      <Tabs value={active} onValueChange={(next) => navigate(`/dashboard/settings/${next}`)} className="gap-6">
        <TabsList className="h-auto w-full flex-wrap sm:w-fit">
          {tabs.map(({ id, label }) => (
            <TabsTrigger key={id} value={id}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {deciding ? (
          <Skeleton className="h-40 w-full" />
        ) : refused && requested ? (
          <SettingsGateNotice title={requested.cardTitle ?? requested.label} {...refused} />
        ) : (
          <>
            <TabsContent value="general">
              <GeneralSettings />
            </TabsContent>
            <TabsContent value="security" className="flex flex-col gap-6">
              <SecuritySettings />
              {/* The account's links, for the owner and admins on every plan: links are on every plan, and so is their review. */}
              <AccountLinksCard />
            </TabsContent>
            <TabsContent value="storage" className="flex flex-col gap-6">
              <StorageSettings plan={plan} />
              {/* The owner and admins also see what each member keeps. */}
              {profile && roleMay(profile.role, 'manageTeam') && <MemberStorage />}
            </TabsContent>
            {active === 'branding' && (
              <TabsContent value="branding">
                <BrandingSettings />
              </TabsContent>
            )}
            {active === 'permissions' && (
              <TabsContent value="permissions" className="flex flex-col gap-6">
                <UserPermissions />
                <SharingPolicyCard />
              </TabsContent>
            )}
            {active === 'audit-logs' && (
              <TabsContent value="audit-logs">
                <AuditLogCard />
              </TabsContent>
            )}
          </>
        )}
      </Tabs>
    </>
  );
}
