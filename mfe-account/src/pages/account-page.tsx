import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@coffer/ui';
import { PanelHeading } from '../components/panel-heading';
import { PlanLine } from '../features/plan/components/plan-line';

const SECTIONS = [
  { title: 'Profile Picture', description: 'The picture your team sees next to your name.' },
  { title: 'Personal Information', description: 'Your name, email, company and job title.' },
  { title: 'Account Details', description: 'Member since, plan, two-factor authentication and email preferences.' },
  { title: 'Team Members', description: 'Invite people to your account and manage their access.' },
  { title: 'Danger Zone', description: 'Delete your account and all of its files.' },
];

/** /dashboard/account (each section fills in with the account API) */
export function AccountOverviewPage() {
  return (
    <>
      <PanelHeading title="Account" />
      <div className="flex flex-col gap-4">
        {SECTIONS.map(({ title, description }) => (
          <Card key={title}>
            <CardHeader>
              <CardTitle>{title}</CardTitle>
              <CardDescription>{description}</CardDescription>
            </CardHeader>
            {title === 'Account Details' && (
              <CardContent>
                <PlanLine />
              </CardContent>
            )}
          </Card>
        ))}
      </div>
    </>
  );
}
