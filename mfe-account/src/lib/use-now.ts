import { useEffect, useState } from 'react';

/** Re-renders every minute, so "Just now" becomes "1 minute ago" without a new fetch. */
export function useNow(intervalMs = 60_000) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
