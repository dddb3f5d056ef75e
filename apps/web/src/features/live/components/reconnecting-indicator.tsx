import { Badge, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSocketState } from '../hooks/use-socket-state';

/** A blip (a server restart, a token handover) is not worth a word; a longer outage is. */
export const RECONNECTING_AFTER_MS = 2_000;

/**
 * 'Reconnecting…' in the header while live updates have been down for a while; gone once the
 * socket is back. What was missed is loaded then, so staff need do nothing.
 */
export function ReconnectingIndicator() {
  const { downSince } = useSocketState();
  // The outage this indicator has waited out; a new outage starts waiting again.
  const [shownFor, setShownFor] = useState<number | null>(null);

  useEffect(() => {
    if (downSince === null) return;
    const timer = setTimeout(
      () => setShownFor(downSince),
      Math.max(0, downSince + RECONNECTING_AFTER_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [downSince]);

  if (downSince === null || shownFor !== downSince) return null;
  return (
    <Badge
      role="status"
      variant="light"
      color="orange"
      radius="xl"
      size="md"
      tt="none"
      fw={600}
      leftSection={<Loader size={10} color="orange" aria-hidden />}
    >
      Reconnecting…
    </Badge>
  );
}
