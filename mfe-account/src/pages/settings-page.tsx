import { useNavigate, useParams } from '@coffer/web-core/router';
import { Card, CardDescription, CardHeader, CardTitle, Tabs, TabsContent, TabsList, TabsTrigger } from '@coffer/ui';
import { PanelHeading } from '../components/panel-heading';
import { SecuritySettings } from '../features/security/components/security-settings';

// Branding, Permissions and Audit Logs join these when the plan allows them.
const SETTINGS_TABS = [
  { id: 'general', label: 'General' },
  { id: 'security', label: 'Security' },
  { id: 'storage', label: 'Storage' },
] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number]['id'];

const isSettingsTab = (tab: string | undefined): tab is SettingsTab => SETTINGS_TABS.some(({ id }) => id === tab);

/** /dashboard/settings/:tab? (titled by plan name plus "Settings" once plans are known) */
export function SettingsPage() {
  const { tab } = useParams();
  const navigate = useNavigate();
  const active: SettingsTab = isSettingsTab(tab) ? tab : 'general';

  return (
    <>
      <PanelHeading title="Settings" />
      <Tabs value={active} onValueChange={(next) => navigate(`/dashboard/settings/${next}`)} className="gap-6">
        <TabsList className="w-full sm:w-fit">
          {SETTINGS_TABS.map(({ id, label }) => (
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
          <Card>
            <CardHeader>
              <CardTitle>Storage</CardTitle>
              <CardDescription>How much of your plan&apos;s storage is in use.</CardDescription>
            </CardHeader>
          </Card>
        </TabsContent>
      </Tabs>
    </>
  );
}
