import { useState } from 'react';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@coffer/ui';
import type { RemoteName } from '@coffer/web-core';

interface RemoteUnavailableProps {
  remote: RemoteName;
  onRetry: () => void;
}

/** What a route shows while the remote that owns it cannot be loaded. */
export function RemoteUnavailable({ remote, onRetry }: RemoteUnavailableProps) {
  const [retrying, setRetrying] = useState(false);
  return (
    <div role="alert" data-unavailable-remote={remote} className="mx-auto w-full max-w-lg px-4 py-12">
      <Card>
        <CardHeader className="items-center text-center">
          <TriangleAlert aria-hidden className="mb-2 size-8 text-muted-foreground" />
          <CardTitle className="text-lg">This part of Coffer is unavailable</CardTitle>
          <CardDescription>It could not be loaded. The rest of Coffer still works; try again in a moment.</CardDescription>
        </CardHeader>
        <CardContent className="flex justify-center">
          <Button
            disabled={retrying}
            onClick={() => {
              setRetrying(true);
              onRetry();
            }}
          >
            <RefreshCw aria-hidden />
            Retry
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
