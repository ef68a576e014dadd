import { Link, useParams } from 'react-router-dom';
import { Card, CardHeader, CardTitle, cn } from '@coffer/ui';
import { PanelHeading } from '../components/panel-heading';

// Branding, Permissions and Audit Logs join these when the plan allows them.
const SETTINGS_TABS = [
  { id: 'general', label: 'General' },
  { id: 'security', label: 'Security' },
  { id: 'storage', label: 'Storage' },
] as const;

/** /dashboard/settings/:tab? (titled by plan name plus "Settings" once plans are known) */
export function SettingsPage() {
  const { tab = 'general' } = useParams();
  const active = SETTINGS_TABS.find((candidate) => candidate.id === tab) ?? SETTINGS_TABS[0];

  return (
    <>
      <PanelHeading title="Settings" />
      <nav aria-label="Settings" className="mb-6 inline-flex rounded-lg bg-muted p-1">
        {SETTINGS_TABS.map(({ id, label }) => (
          <Link
            key={id}
            to={`/dashboard/settings/${id}`}
            aria-current={id === active.id ? 'page' : undefined}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm transition-colors',
              id === active.id ? 'bg-background font-medium shadow-xs' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {label}
          </Link>
        ))}
      </nav>
      <Card>
        <CardHeader>
          <CardTitle>{active.label}</CardTitle>
        </CardHeader>
      </Card>
    </>
  );
}
