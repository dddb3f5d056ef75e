import type { PaymentLink } from '@leasing/contract';
import { ActionIcon, Badge, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useId } from 'react';
import { formatDate } from '../../../lib/format-date';
import { formatMoney } from '../../../lib/format-money';
import { centsToDollars } from '../utils/cents';
import { getLinkDisplayStatus, linkStatusColors, linkStatusLabels } from '../utils/link-status';
import classes from './recent-payment-links.module.css';

/** Enough to see what was asked lately; the timeline keeps the whole history. */
export const RECENT_LINKS_SHOWN = 5;

function CopyLinkButton({ url }: { url: string }) {
  return (
    <CopyButton value={url}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            aria-label={copied ? 'Copied' : 'Copy link'}
            onClick={copy}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

function RecentLink({ link }: { link: PaymentLink }) {
  const status = getLinkDisplayStatus(link);
  const canCopy = status === 'ACTIVE' || status === 'OPENED';
  return (
    <li className={classes.item}>
      <Stack gap={0} className={classes.what}>
        <Text size="sm" truncate>
          <Text span fw={600}>
            {formatMoney(centsToDollars(link.amountCents), link.currency)}
          </Text>{' '}
          · {link.description}
        </Text>
        <Text size="xs" c="dimmed">
          Sent {formatDate(link.createdAt)}
          {link.createdByUserName && ` by ${link.createdByUserName}`}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        <Badge variant="light" color={linkStatusColors[status]}>
          {linkStatusLabels[status]}
        </Badge>
        {canCopy ? <CopyLinkButton url={link.url} /> : <span className={classes.noCopy} />}
      </Group>
    </li>
  );
}

export type RecentPaymentLinksProps = {
  /** Newest first. */
  links: PaymentLink[];
};

/** The lead's latest links with their state; an active one's URL can be copied to send another way. */
export function RecentPaymentLinks({ links }: RecentPaymentLinksProps) {
  const headingId = useId();
  if (links.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <Text size="sm" fw={600} id={headingId} mb={4}>
        Recent links
      </Text>
      <ul className={classes.list}>
        {links.slice(0, RECENT_LINKS_SHOWN).map((link) => (
          <RecentLink key={link.id} link={link} />
        ))}
      </ul>
    </section>
  );
}
