import { useEffect } from 'react';
import { useSession } from '@coffer/web-core';
import { useAppDispatch } from '../store/hooks';
import { startRealtimeUpdates } from './realtime-updates';

/** Keeps the cache live while a user is signed in: mount once, in the dashboard frame. */
export function useRealtimeUpdates(): void {
  const dispatch = useAppDispatch();
  const { status, user } = useSession();
  const userId = status === 'signed-in' ? user?.id : undefined;
  useEffect(() => {
    if (!userId) return undefined;
    return startRealtimeUpdates(dispatch);
  }, [dispatch, userId]);
}
