import { Avatar, Group, Text, Tooltip } from '@mantine/core';
import { useLeadPresence } from '../hooks/use-presence';
import { initials, typingSentence } from '../utils/presence-people';
import classes from './presence.module.css';

const MAX_AVATARS = 4;

export type LeadPresenceProps = {
  leadID: string;
  /** Who is on a call with this lead now ('Priya is on a call with this lead'), if anyone. */
  onCall?: string | null;
};

/** The pane header's colleagues on this lead: an avatar each, who is typing, who is on a call. */
export function LeadPresence({ leadID, onCall = null }: LeadPresenceProps) {
  const { viewers, typists } = useLeadPresence(leadID);
  const typing = typingSentence(typists);
  if (viewers.length === 0 && !typing && !onCall) return null;
  const shown = viewers.slice(0, MAX_AVATARS);
  const more = viewers.length - shown.length;
  return (
    <Group gap="xs" wrap="nowrap" className={classes.presence} data-testid="lead-presence">
      <Avatar.Group spacing="xs" role="group" aria-label="Also on this lead">
        {shown.map((viewer) => (
          <Tooltip key={viewer.userID} label={`${viewer.name} is viewing`} withArrow>
            <Avatar
              size={28}
              radius="xl"
              color="initials"
              name={viewer.name}
              role="img"
              aria-label={`${viewer.name} is viewing`}
            >
              {initials(viewer.name)}
            </Avatar>
          </Tooltip>
        ))}
        {more > 0 && (
          <Avatar size={28} radius="xl" aria-label={`${more} more viewing`}>
            +{more}
          </Avatar>
        )}
      </Avatar.Group>
      <Text size="xs" c="dimmed" aria-live="polite" className={classes.typing}>
        {[onCall, typing].filter(Boolean).join(' · ')}
      </Text>
    </Group>
  );
}
