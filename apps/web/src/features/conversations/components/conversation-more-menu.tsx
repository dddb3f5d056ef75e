import { ActionIcon, Menu, Text } from '@mantine/core';
import {
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconCalendarPlus,
  IconCalendarShare,
  IconCheck,
  IconCreditCard,
  IconDots,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLink,
  IconMail,
  IconMessage,
} from '@tabler/icons-react';
import { useId } from 'react';

export type ConversationMoreMenuProps = {
  isFullscreen: boolean;
  isExpanded: boolean;
  onToggleFullscreen: () => void;
  onToggleExpanded: () => void;
  /** The composer's mode; null when it is read-only. */
  sendMode: 'SMS' | 'EMAIL' | null;
  canSendBySms: boolean;
  canSendByEmail: boolean;
  onSendBySms: () => void;
  onSendByEmail: () => void;
  /** Opens the dialog that sends the lead a payment link; left out where staff may not. */
  onRequestPayment?: () => void;
  /** Why 'Request payment' is shown but cannot be used (payments are off); it is disabled then. */
  requestPaymentDisabledReason?: string;
  /** Opens the dialog that mints a secure link to this lead; left out where no link may be made. */
  onShareLink?: () => void;
  /** Opens 'Schedule a tour' (a free slot of the lead's property); left out where staff may not. */
  onScheduleTour?: () => void;
  /** Writes the lead's own booking page link in the message; unset where texts cannot go. */
  onSendBookingLink?: () => void;
};

/**
 * The pane's more-menu: full screen, the expanded pane, the composer's mode, a tour, a payment
 * request and a secure link.
 */
export function ConversationMoreMenu({
  isFullscreen,
  isExpanded,
  onToggleFullscreen,
  onToggleExpanded,
  sendMode,
  canSendBySms,
  canSendByEmail,
  onSendBySms,
  onSendByEmail,
  onRequestPayment,
  requestPaymentDisabledReason,
  onShareLink,
  onScheduleTour,
  onSendBookingLink,
}: ConversationMoreMenuProps) {
  const activeMark = <IconCheck size={14} stroke={2} aria-hidden />;
  const paymentReasonId = useId();
  const hasPaymentItem =
    onRequestPayment !== undefined || requestPaymentDisabledReason !== undefined;
  return (
    // The trigger sits in the pane's fixed header and cannot scroll out of view, so the dropdown
    // need not watch for its target being hidden.
    <Menu position="bottom-end" shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="md" aria-label="More actions">
          <IconDots size={18} stroke={1.75} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={
            isFullscreen ? (
              <IconArrowsMinimize size={16} stroke={1.75} />
            ) : (
              <IconArrowsMaximize size={16} stroke={1.75} />
            )
          }
          onClick={onToggleFullscreen}
        >
          {isFullscreen ? 'Exit full screen' : 'Full screen'}
        </Menu.Item>
        <Menu.Item
          leftSection={
            isExpanded ? (
              <IconLayoutSidebarLeftExpand size={16} stroke={1.75} />
            ) : (
              <IconLayoutSidebarLeftCollapse size={16} stroke={1.75} />
            )
          }
          onClick={onToggleExpanded}
        >
          {isExpanded ? 'Collapse pane' : 'Expand pane'}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconMessage size={16} stroke={1.75} />}
          rightSection={sendMode === 'SMS' ? activeMark : null}
          disabled={!canSendBySms}
          onClick={onSendBySms}
        >
          By SMS
        </Menu.Item>
        <Menu.Item
          leftSection={<IconMail size={16} stroke={1.75} />}
          rightSection={sendMode === 'EMAIL' ? activeMark : null}
          disabled={!canSendByEmail}
          onClick={onSendByEmail}
        >
          By Email
        </Menu.Item>
        {(hasPaymentItem || onShareLink || onScheduleTour || onSendBookingLink) && <Menu.Divider />}
        {onScheduleTour && (
          <Menu.Item
            leftSection={<IconCalendarPlus size={16} stroke={1.75} />}
            onClick={onScheduleTour}
          >
            Schedule tour
          </Menu.Item>
        )}
        {onSendBookingLink && (
          <Menu.Item
            leftSection={<IconCalendarShare size={16} stroke={1.75} />}
            onClick={onSendBookingLink}
          >
            Send booking link
          </Menu.Item>
        )}
        {requestPaymentDisabledReason !== undefined ? (
          // A disabled control says why, beneath it and to screen readers.
          <Menu.Item
            leftSection={<IconCreditCard size={16} stroke={1.75} />}
            disabled
            aria-describedby={paymentReasonId}
          >
            Request payment
            <Text id={paymentReasonId} size="xs" c="dimmed" mt={2}>
              {requestPaymentDisabledReason}
            </Text>
          </Menu.Item>
        ) : (
          onRequestPayment && (
            <Menu.Item
              leftSection={<IconCreditCard size={16} stroke={1.75} />}
              onClick={onRequestPayment}
            >
              Request payment
            </Menu.Item>
          )
        )}
        {onShareLink && (
          <Menu.Item leftSection={<IconLink size={16} stroke={1.75} />} onClick={onShareLink}>
            Share secure link
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
