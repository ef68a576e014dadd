import { roleMay, type PlanFeatureSet, type RoleAbility } from '@coffer/contracts';
import { useGetProfileQuery } from '@coffer/web-core/store';
import { useNavigate, useParams } from '@coffer/web-core/router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@coffer/ui';
import { PanelHeading } from '../components/panel-heading';
import { AuditLogCard } from '../features/audit/components/audit-log-card';
import { SecuritySettings } from '../features/security/components/security-settings';
import { BrandingSettings } from '../features/settings/components/branding-settings';
import { GeneralSettings } from '../features/settings/components/general-settings';
import { StorageSettings } from '../features/settings/components/storage-settings';
import { UserPermissions } from '../features/settings/components/user-permissions';
import { useAccountPlanQuery } from '../lib/plan-api';
import { settingsTitle } from '../lib/plan-display';

// Spec §2 Settings; Branding, Permissions and Audit Logs only on plans that have them (spec §6), as billing answers.
// Each also only for the roles that may use it (PRODUCT-DECISIONS roles table): the UI hides what the server would refuse.
const SETTINGS_TABS: ReadonlyArray<{ id: string; label: string; feature?: keyof PlanFeatureSet; ability?: RoleAbility }> = [
  { id: 'general', label: 'General' },
  { id: 'security', label: 'Security' },
  { id: 'storage', label: 'Storage' },
  { id: 'branding', label: 'Branding', feature: 'hasCustomBranding', ability: 'manageBranding' },
  { id: 'permissions', label: 'Permissions', feature: 'hasPermissions', ability: 'manageTeam' },
  { id: 'audit-logs', label: 'Audit Logs', feature: 'hasAuditLogs', ability: 'viewAuditLog' },
];

/** /dashboard/settings/:tab?, titled by the plan's name plus "Settings". */
export function SettingsPage() {
  const { tab } = useParams();
  const navigate = useNavigate();
  const { data: plan } = useAccountPlanQuery();
  const { data: profile } = useGetProfileQuery();
  const tabs = SETTINGS_TABS.filter(({ feature, ability }) => (!feature || plan?.features[feature]) && (!ability || (profile && roleMay(profile.role, ability))));
  const active = tabs.find(({ id }) => id === tab)?.id ?? 'general';

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
        <TabsContent value="general">
          <GeneralSettings />
        </TabsContent>
        <TabsContent value="security">
          <SecuritySettings />
        </TabsContent>
        <TabsContent value="storage">
          <StorageSettings plan={plan} />
        </TabsContent>
        {active === 'branding' && (
          <TabsContent value="branding">
            <BrandingSettings />
          </TabsContent>
        )}
        {active === 'permissions' && (
          <TabsContent value="permissions">
            <UserPermissions />
          </TabsContent>
        )}
        {active === 'audit-logs' && (
          <TabsContent value="audit-logs">
            <AuditLogCard />
          </TabsContent>
        )}
      </Tabs>
    </>
  );
}
