import { Card, CardDescription, CardHeader, CardTitle } from '@coffer/ui';

/** A settings tab the plan includes (Branding, Permissions, Audit Logs); each fills in with its own API. */
export function PlanFeatureCard({ title, description }: { title: string; description: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
    </Card>
  );
}
