import { Lock } from 'lucide-react';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@coffer/ui';

interface SettingsGateNoticeProps {
  title: string;
  /** Why the card is not there: the plan's or the role's refusal, as the server words it. */
  message: string;
  /** Offer the plans (the account's owner, when the plan is what lacks it). */
  upgrade: boolean;
}

/** In place of a Settings card the plan or the role does not include: why, and the way to a plan that has it (a full page load to /pricing). */
export function SettingsGateNotice({ title, message, upgrade }: SettingsGateNoticeProps) {
  return (
    <Card role="region" aria-label={title}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Lock aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          {title}
        </CardTitle>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
      {upgrade && (
        <CardContent>
          <Button asChild className="w-full sm:w-fit">
            <a href="/pricing">Upgrade</a>
          </Button>
        </CardContent>
      )}
    </Card>
  );
}
