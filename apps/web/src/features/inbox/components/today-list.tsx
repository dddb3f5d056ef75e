import { todayReasonLabels, todayReasons } from '@leasing/contract';
import type { TodayItem, TodayReason } from '@leasing/contract';
import { Badge, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCalendarQuestion,
  IconCircleCheck,
  IconClockExclamation,
  IconGavel,
  IconMessageCircle,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { paths } from '../../../config/paths';
import { formatTime } from '../../../lib/format-date';
import { formatZoned } from '../../../lib/format-zoned';
import { useToday } from '../api/get-today';
import { formatLastActivity } from '../utils/format-last-activity';
import classes from './today-list.module.css';

const sections: Record<TodayReason, { icon: Icon; color: string; title: string }> = {
  decision: { icon: IconGavel, color: 'orange', title: 'Decisions waiting' },
  tour_unconfirmed: { icon: IconCalendarQuestion, color: 'grape', title: 'Tours not confirmed' },
  follow_up_due: { icon: IconClockExclamation, color: 'red', title: 'Follow-ups due' },
  needs_reply: { icon: IconMessageCircle, color: 'blue', title: todayReasonLabels.needs_reply },
  tour_today: { icon: IconCalendarEvent, color: 'teal', title: 'Tours today' },
};

/**
 * What the row says about why it is here: when the follow-up was due, the tour's time (both on the
 * property's clock, as they were set), …
 */
function whenOf(item: TodayItem): string | null {
  switch (item.reasons[0]) {
    case 'follow_up_due':
      return item.followUpAt ? `Due ${formatZoned(item.followUpAt, item.propertyTimeZone)}` : null;
    case 'tour_today':
    case 'tour_unconfirmed':
      return item.tourDateUTC
        ? `Tour at ${formatZoned(item.tourDateUTC, item.propertyTimeZone, { layout: formatTime })}`
        : null;
    case 'needs_reply':
      return item.lastMessageAt ? `Wrote ${formatLastActivity(item.lastMessageAt)}` : null;
    default:
      return null;
  }
}

function TodayRow({ item }: { item: TodayItem }) {
  const when = whenOf(item);
  return (
    <li>
      <Link
        to={paths.leadEscalation.getHref(item.propertyID, item.pmsLeadId)}
        className={classes.row}
        data-unread={item.unread || undefined}
      >
        <span className={classes.main}>
          <span className={classes.name}>{item.name}</span>
          {item.unread && <VisuallyHidden>Unread.</VisuallyHidden>}
          <span className={classes.property}>{item.propertyName}</span>
          {when && <span className={classes.when}>{when}</span>}
        </span>
        <span className={classes.preview}>{item.lastMessagePreview ?? 'No messages yet'}</span>
        <Group gap={4} wrap="wrap" className={classes.badges}>
          {item.reasons.map((reason) => (
            <Badge key={reason} size="sm" variant="light" color={sections[reason].color}>
              {todayReasonLabels[reason]}
            </Badge>
          ))}
        </Group>
      </Link>
    </li>
  );
}

/**
 * Today: the signed-in person's leads that need action now, in sections by their most urgent
 * reason — decisions, tours within two hours not confirmed, due follow-ups, replies owed (longest
 * waiting first), today's tours.
 */
export function TodayList() {
  const todayQuery = useToday();
  if (todayQuery.isPending) {
    return (
      <Paper withBorder radius="md" p="md">
        <Stack role="status" aria-label="Loading today's leads" gap="md">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={18} width={`${85 - row * 12}%`} />
          ))}
        </Stack>
      </Paper>
    );
  }
  if (!todayQuery.data) {
    return (
      <Paper withBorder radius="md">
        <ErrorState
          title="Could not load today's leads"
          message={todayQuery.error?.message}
          onRetry={() => void todayQuery.refetch()}
        />
      </Paper>
    );
  }
  const { items, counts, limit } = todayQuery.data;
  if (items.length === 0) {
    return (
      <Paper withBorder radius="md">
        <EmptyState
          icon={<IconCircleCheck size={22} stroke={1.5} />}
          title="Nothing needs you right now"
          description="Leads you own show here when they write, a follow-up comes due, a decision waits or a tour is today."
        />
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      {todayReasons.map((reason) => {
        const sectionItems = items.filter((item) => item.reasons[0] === reason);
        if (sectionItems.length === 0) return null;
        const { icon: SectionIcon, color, title } = sections[reason];
        const headingId = `today-${reason}`;
        return (
          <Paper
            key={reason}
            withBorder
            radius="md"
            component="section"
            aria-labelledby={headingId}
          >
            <Group gap="xs" px="md" pt="sm" pb="xs">
              <SectionIcon
                size={18}
                stroke={1.75}
                color={`var(--mantine-color-${color}-7)`}
                aria-hidden
              />
              <Title order={2} size="h5" id={headingId}>
                {title}
              </Title>
              <Badge
                size="sm"
                variant="light"
                color={color}
                aria-label={`${sectionItems.length} leads`}
              >
                {sectionItems.length}
              </Badge>
            </Group>
            <ul className={classes.list}>
              {sectionItems.map((item) => (
                <TodayRow key={item._id} item={item} />
              ))}
            </ul>
          </Paper>
        );
      })}
      {counts.total > items.length && (
        <Text size="sm" c="dimmed">
          Showing the {limit} most urgent of {counts.total} leads.
        </Text>
      )}
    </Stack>
  );
}
