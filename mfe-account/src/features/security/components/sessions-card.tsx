import { SESSION_PARAM, type DeviceSession } from '@coffer/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, cn, toast } from '@coffer/ui';
import { formatRelativeTime } from '@coffer/web-core/format';
import { useSearchParams } from '@coffer/web-core/router';
import { toApiError } from '@coffer/web-core/store';
import { ManagedList } from '../../../components/managed-list';
import { failureToast } from '../../../lib/failure-toast';
import { useNow } from '../../../lib/use-now';
import { useEndOtherSessionsMutation, useEndSessionMutation, useListSessionsQuery } from '../api/sessions-api';

/** "5 minutes ago", "just now" (mid-sentence). */
const lastActive = (at: string, now: number) => formatRelativeTime(at, now).replace(/^Just now$/, 'just now');

function SessionRow({ session, now, fromAlert }: { session: DeviceSession; now: number; fromAlert: boolean }) {
  const [endSession, { isLoading }] = useEndSessionMutation();
  const onEnd = async () => {
    try {
      await endSession(session.id).unwrap();
      toast({ title: 'Session signed out', description: `${session.browser} is signed out.` });
    } catch (error) {
      failureToast('Failed to sign out the session', error);
    }
  };
  return (
    <li
      className={cn('flex flex-wrap items-center gap-x-3 gap-y-2 py-3', fromAlert && 'rounded-md bg-accent px-3')}
      aria-label={session.browser}
      aria-current={fromAlert ? 'true' : undefined}
    >
      <div className="min-w-0 flex-1 basis-56">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {session.browser}
          {session.current && <Badge variant="secondary">This browser</Badge>}
          {fromAlert && <Badge variant="outline">From the security alert</Badge>}
        </p>
        <p className="text-sm break-all text-muted-foreground">
          {session.ipAddress ?? 'Unknown address'} · {session.current ? 'Active now' : `Last active ${lastActive(session.lastUsedAt, now)}`}
        </p>
        <p className="text-sm text-muted-foreground">Signed in {new Date(session.signedInAt).toLocaleString()}</p>
      </div>
      {!session.current && (
        <Button type="button" variant="outline" size="sm" disabled={isLoading} onClick={() => void onEnd()} className="max-sm:w-full">
          Sign out
        </Button>
      )}
    </li>
  );
}

/** Security tab: every browser the user is signed in on, with its address and last use; sign out one, or all but this one. */
export function SessionsCard() {
  const { data, isLoading, isError, error } = useListSessionsQuery();
  const [endOthers, { isLoading: ending }] = useEndOtherSessionsMutation();
  const now = useNow();
  // The security alert email links here with the session it was about.
  const [params] = useSearchParams();
  const fromAlert = params.get(SESSION_PARAM);
  const alertSessionEnded = Boolean(data && fromAlert && !data.items.some((s) => s.id === fromAlert));
  const sessions = data?.items ?? [];
  const others = sessions.filter((s) => !s.current).length;

  const onEndOthers = async () => {
    try {
      const { ended } = await endOthers().unwrap();
      toast({ title: 'Other sessions signed out', description: `${ended} other ${ended === 1 ? 'session was' : 'sessions were'} signed out.` });
    } catch (err) {
      failureToast('Failed to sign out other sessions', err);
    }
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Sessions and Devices</CardTitle>
          <CardDescription>The browsers signed in to your account. Sign out any you do not recognise, then change your password.</CardDescription>
        </div>
        <Button type="button" variant="outline" disabled={others === 0 || ending} onClick={() => void onEndOthers()} className="max-sm:w-full">
          Sign out all other sessions
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {alertSessionEnded && <p className="text-sm text-muted-foreground">The session from the security alert has already ended.</p>}
        <ManagedList
          label="Signed-in browsers"
          isLoading={isLoading}
          errorText={isError ? 'Failed to load sessions' : undefined}
          errorDetail={toApiError(error).message}
          emptyText="No other sessions"
          count={sessions.length}
        >
          {sessions.map((session) => (
            <SessionRow key={session.id} session={session} now={now} fromAlert={session.id === fromAlert} />
          ))}
        </ManagedList>
      </CardContent>
    </Card>
  );
}
