import type { PlanFeatureSet } from '@coffer/contracts';
import { useNavigate, useParams } from '@coffer/web-core/router';
import { Card, CardDescription, CardHeader, CardTitle, Tabs, TabsContent, TabsList, TabsTrigger } from '@coffer/ui';
import { PanelHeading } from '../components/panel-heading';
import { AuditLogCard } from '../features/audit/components/audit-log-card';
import { SecuritySettings } from '../features/security/components/security-settings';
import { PlanFeatureCard } from '../features/settings/components/plan-feature-card';
import { StorageSettings } from '../features/settings/components/storage-settings';
import { useAccountPlanQuery } from '../lib/plan-api';
import { settingsTitle } from '../lib/plan-display';

// Spec §2 Settings; Branding, Permissions and Audit Logs only on plans that have them (spec §6), as billing answers.
const SETTINGS_TABS: ReadonlyArray<{ id: string; label: string; feature?: keyof PlanFeatureSet }> = [
  { id: 'general', label: 'General' },
  { id: 'security', label: 'Security' },
  { id: 'storage', label: 'Storage' },
  { id: 'branding', label: 'Branding', feature: 'hasCustomBranding' },
  { id: 'permissions', label: 'Permissions', feature: 'hasPermissions' },
  { id: 'audit-logs', label: 'Audit Logs', feature: 'hasAuditLogs' },
];

/** /dashboard/settings/:tab?, titled by the plan's name plus "Settings". */
export function SettingsPage() {
  const { tab } = useParams();
  const navigate = useNavigate();
  const { data: plan } = useAccountPlanQuery();
  const tabs = SETTINGS_TABS.filter(({ feature }) => !feature || plan?.features[feature]);
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
          <Card>
            <CardHeader>
              <CardTitle>General</CardTitle>
              <CardDescription>Language, timezone and notification preferences.</CardDescription>
            </CardHeader>
          </Card>
        </TabsContent>
        <TabsContent value="security">
          <SecuritySettings />
        </TabsContent>
        <TabsContent value="storage">
          <StorageSettings plan={plan} />
        </TabsContent>
        {active === 'branding' && (
          <TabsContent value="branding">
            <PlanFeatureCard title="Custom Branding" description="Your company name, logo and colours across Coffer." />
          </TabsContent>
        )}
        {active === 'permissions' && (
          <TabsContent value="permissions">
            <PlanFeatureCard title="User Permissions" description="Give people in your account the admin, moderator or member role." />
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
