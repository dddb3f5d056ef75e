import { useEffect, useState } from 'react';

/**
 * Whether less than `windowMs` has passed since `since` (an ISO instant), turning false by itself
 * when the window closes. The server decides for real; this only hides what it would refuse.
 */
export function useIsWithin(since: string | null, windowMs: number): boolean {
  const deadline = since ? new Date(since).getTime() + windowMs : 0;
  const [closedDeadline, setClosedDeadline] = useState<number | null>(null);

  // A timer is what this hook subscribes to: once the window closes, it says so once.
  useEffect(() => {
    if (!deadline) return;
    const timer = setTimeout(() => setClosedDeadline(deadline), Math.max(0, deadline - Date.now()));
    return () => clearTimeout(timer);
  }, [deadline]);

  return deadline !== 0 && closedDeadline !== deadline;
}
