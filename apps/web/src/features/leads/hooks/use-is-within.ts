import { useEffect, useState } from 'react';

/**
 * Whether less than `windowMs` has passed since `since` (an ISO instant), turning false by itself
 * when the window closes. The server decides for real; this only hides what it would refuse.
 */
export function useIsWithin(since: string | null, windowMs: number): boolean {
  const deadline = since ? new Date(since).getTime() + windowMs : 0;
  const [now, setNow] = useState(() => Date.now());
  const isWithin = deadline > now;

  // A timer is what this hook subscribes to: it re-renders once, when the window closes.
  useEffect(() => {
    if (!isWithin) return;
    const timer = setTimeout(() => setNow(Date.now()), deadline - Date.now());
    return () => clearTimeout(timer);
  }, [deadline, isWithin]);

  return deadline > Date.now() && isWithin;
}
