import { Avatar, Tooltip } from '@mantine/core';
import { useLeadPresence } from '../hooks/use-presence';
import { initials } from '../utils/presence-people';

export type RowPresenceProps = { leadID: string };

/** An inbox row's small avatar when a colleague has that lead open. */
export function RowPresence({ leadID }: RowPresenceProps) {
  const { viewers } = useLeadPresence(leadID);
  const [first] = viewers;
  if (!first) return null;
  const label =
    viewers.length === 1
      ? `${first.name} is viewing`
      : `${first.name} and ${viewers.length - 1} more are viewing`;
  return (
    <Tooltip label={label} withArrow>
      <Avatar
        size={20}
        radius="xl"
        color="initials"
        name={first.name}
        role="img"
        aria-label={label}
        style={{ flex: 'none', fontSize: 9 }}
      >
        {initials(first.name)}
      </Avatar>
    </Tooltip>
  );
}

/** What an inbox list shows of who else has a row's lead open (the inbox's `renderPresence`). */
export function renderRowPresence(leadID: string) {
  return <RowPresence leadID={leadID} />;
}
