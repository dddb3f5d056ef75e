import { leadStatusLabels } from '@leasing/contract';
import type { InboxItem } from '@leasing/contract';
import { Avatar, Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconAlertCircle,
  IconMail,
  IconMailOff,
  IconMessage,
  IconMessageOff,
  IconPhone,
  IconRobot,
} from '@tabler/icons-react';
import type { CSSProperties, FocusEvent, KeyboardEvent, ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { LeadLightBadges } from '../../../components/ui/lead-lights';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format-date';
import { initials } from '../../../lib/initials';
import { leadStatusColors } from '../../../lib/lead-status';
import { formatLastActivity } from '../utils/format-last-activity';
import classes from './inbox-row.module.css';

/** Every row is this tall: the virtualized list places rows without measuring them. */
export const INBOX_ROW_HEIGHT = 68;
/** A phone's row: name and time, the last message, then status and badges on a line of their own. */
export const INBOX_ROW_HEIGHT_STACKED = 92;

const ICON = { size: 15, stroke: 1.75 } as const;

function ReachIcons({ item }: { item: InboxItem }) {
  const smsOptOut = item.phoneOptStatus === 'OPT_OUT';
  const emailBlocked = item.emailOptStatus === 'OPT_OUT' || item.emailBouncedAt !== null;
  return (
    <span className={classes.channels}>
      {item.phone &&
        (smsOptOut ? (
          <IconMessageOff {...ICON} color="var(--mantine-color-red-6)" aria-label="SMS opt-out" />
        ) : (
          <IconMessage {...ICON} aria-label="Reachable by SMS" />
        ))}
      {item.email &&
        (emailBlocked ? (
          <IconMailOff {...ICON} color="var(--mantine-color-red-6)" aria-label="Email blocked" />
        ) : (
          <IconMail {...ICON} aria-label="Reachable by email" />
        ))}
    </span>
  );
}

/** Who works the lead: a person's initials or the assistant's robot; nothing when nobody does. */
function OwnerTag({ item }: { item: InboxItem }) {
  const { owner } = item;
  if (owner.kind === 'unassigned') return null;
  const label = owner.kind === 'user' ? owner.name : 'Assistant';
  return (
    <Tooltip label={`Owner: ${label}`} withArrow openDelay={300}>
      <span className={classes.owner}>
        {owner.kind === 'user' ? (
          <Avatar size={18} radius="xl" color="indigo" aria-hidden>
            {initials(owner.name)}
          </Avatar>
        ) : (
          <IconRobot size={15} stroke={1.75} aria-hidden color="var(--mantine-color-violet-7)" />
        )}
        <VisuallyHidden>Owner: {label}.</VisuallyHidden>
      </span>
    </Tooltip>
  );
}

const channelIcons = { SMS: IconMessage, EMAIL: IconMail, CALL: IconPhone } as const;

function LastMessage({ item }: { item: InboxItem }) {
  if (!item.lastMessageChannel) {
    return <span className={classes.preview}>No messages yet</span>;
  }
  const Icon = channelIcons[item.lastMessageChannel];
  return (
    <>
      <Icon size={14} stroke={1.75} aria-hidden style={{ flex: 'none' }} />
      <span className={classes.preview}>{item.lastMessagePreview || '(no text)'}</span>
    </>
  );
}

function StatusBadge({ item }: { item: InboxItem }) {
  return (
    <Badge
      className={classes.status}
      color={leadStatusColors[item.status]}
      variant="light"
      size="xs"
      radius="sm"
    >
      <VisuallyHidden>Status: </VisuallyHidden>
      {leadStatusLabels[item.status]}
    </Badge>
  );
}

function RowBadges({ item }: { item: InboxItem }) {
  return (
    <span className={classes.badges}>
      {item.decisionOpen && (
        <Badge color="orange" variant="light" size="sm">
          Decision pending
        </Badge>
      )}
      {item.lastMessageFailed && (
        <Tooltip label="Our last message to this lead failed: open the lead to see why and retry">
          <Badge
            color="red"
            variant="filled"
            size="sm"
            leftSection={<IconAlertCircle size={11} stroke={2} aria-hidden />}
          >
            Failed
          </Badge>
        </Tooltip>
      )}
      <LeadLightBadges
        lights={item.lights}
        followUpAt={item.followUpAt}
        timeZone={item.propertyTimeZone}
        now={new Date()}
        compact
      />
      {item.phoneOptStatus === 'OPT_OUT' && (
        <Badge color="red" variant="light" size="sm">
          SMS opt-out
        </Badge>
      )}
      {item.emailOptStatus === 'OPT_OUT' && (
        <Badge color="red" variant="light" size="sm">
          Email opt-out
        </Badge>
      )}
      {item.emailBouncedAt !== null && (
        <Badge color="red" variant="light" size="sm">
          Email bounced
        </Badge>
      )}
    </span>
  );
}

export type InboxRowProps = {
  item: InboxItem;
  index: number;
  /** Across all properties each row names its property. */
  showProperty: boolean;
  /** The keyboard's row: highlighted, and the one Tab reaches. */
  isActive: boolean;
  /** Rows leave room for the selection checkbox beside them. */
  isSelecting?: boolean;
  /** A narrow screen: three lines, so the name is never squeezed out by the badges. */
  isStacked?: boolean;
  style: CSSProperties;
  ref?: Ref<HTMLAnchorElement>;
  onFocus: (event: FocusEvent<HTMLAnchorElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLAnchorElement>) => void;
  /** Who else has this lead open (the app's presence avatar), if anyone. */
  presence?: ReactNode;
  /** The inbox's query (`?…`), carried to the lead so its list, next/previous and Back match. */
  linkSearch?: string;
  /** The lead open beside the list. */
  isCurrent?: boolean;
};

/**
 * One lead in the inbox: who, where they can be reached, what was said last and when, and what
 * needs attention. A link to the lead's pane: a click or Enter opens it.
 */
export function InboxRow({
  item,
  index,
  showProperty,
  isActive,
  isSelecting = false,
  isStacked = false,
  style,
  ref,
  onFocus,
  onKeyDown,
  presence,
  linkSearch = '',
  isCurrent = false,
}: InboxRowProps) {
  return (
    <Link
      ref={ref}
      to={`${paths.leadEscalation.getHref(item.propertyID, item.pmsLeadId)}${linkSearch}`}
      aria-current={isCurrent ? 'page' : undefined}
      className={classes.row}
      style={style}
      data-index={index}
      data-lead-id={item._id}
      data-lead-name={item.name}
      data-active={isActive || undefined}
      data-selecting={isSelecting || undefined}
      data-unread={item.unread || undefined}
      data-decision={item.decisionOpen || undefined}
      tabIndex={isActive ? 0 : -1}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
    >
      <span className={classes.dot} aria-hidden />
      {isStacked ? (
        <span className={classes.body}>
          <span className={classes.line}>
            <span className={classes.name}>{item.name}</span>{' '}
            {item.unread && <VisuallyHidden>Unread.</VisuallyHidden>}
            {presence}
            <span className={classes.time} title={formatDateTime(item.lastActivityAt)}>
              {formatLastActivity(item.lastActivityAt)}
            </span>
          </span>
          <span className={classes.line}>
            <LastMessage item={item} />
          </span>
          <span className={`${classes.line} ${classes.meta}`}>
            {/* What needs attention first: on a narrow line, the end is what gets cut. */}
            <RowBadges item={item} />
            <StatusBadge item={item} />
            <OwnerTag item={item} />
            <ReachIcons item={item} />
            {showProperty && <span className={classes.property}>{item.propertyName}</span>}
          </span>
        </span>
      ) : (
        <span className={classes.body}>
          <span className={classes.line}>
            <span className={classes.name}>{item.name}</span>{' '}
            {item.unread && <VisuallyHidden>Unread.</VisuallyHidden>}
            <ReachIcons item={item} />
            <StatusBadge item={item} />
            {presence}
            {showProperty && <span className={classes.property}>· {item.propertyName}</span>}
            <OwnerTag item={item} />
            <span className={classes.time} title={formatDateTime(item.lastActivityAt)}>
              {formatLastActivity(item.lastActivityAt)}
            </span>
          </span>
          <span className={classes.line}>
            <LastMessage item={item} />
            <RowBadges item={item} />
          </span>
        </span>
      )}
    </Link>
  );
}
