import type { Lead, SimulatedCallOutcome } from '@leasing/contract';
import { ActionIcon, Button, Menu, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconChevronDown,
  IconPhone,
  IconPhoneCall,
  IconPhoneIncoming,
  IconPhoneX,
  IconRecordMail,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { useId } from 'react';
import type { ReactElement } from 'react';
import type { CallLead } from '../hooks/use-call-lead';

const simulatedOutcomes: { outcome: SimulatedCallOutcome; label: string; icon: Icon }[] = [
  { outcome: 'answered', label: 'Answered call', icon: IconPhoneCall },
  { outcome: 'missed', label: 'Missed call', icon: IconPhoneX },
  { outcome: 'voicemail', label: 'Voicemail', icon: IconRecordMail },
];

export type CallLeadControlProps = {
  lead: Pick<Lead, 'name'>;
  callLead: CallLead;
  /** A phone's pane: the icon alone, named as the button is. */
  isCompact: boolean;
};

/**
 * 'Call' in the pane's tool row: Twilio rings the person's own phone, then the lead. In the sandbox
 * it is 'Simulate a call' (from the lead: answered, missed or a voicemail). A lead without a phone
 * keeps it in view, disabled, saying why on hover, focus and touch.
 */
export function CallLeadControl({ lead, callLead, isCompact }: CallLeadControlProps) {
  const reasonId = useId();
  const isSimulated = callLead.mode === 'simulate';
  const label = isSimulated ? 'Simulate a call' : 'Call';
  const name = isSimulated ? `Simulate a call from ${lead.name}` : `Call ${lead.name}`;
  const PhoneIcon = isSimulated ? IconPhoneIncoming : IconPhone;
  const reason = callLead.disabledReason;
  const isBlocked = reason !== null;
  // In the sandbox the menu opens it: an onClick of its own, even undefined, would replace the menu's.
  const clickProps = isSimulated ? {} : { onClick: isBlocked ? undefined : callLead.start };

  const trigger = isCompact ? (
    <ActionIcon
      variant="light"
      size="md"
      aria-label={name}
      aria-describedby={isBlocked ? reasonId : undefined}
      aria-disabled={isBlocked || undefined}
      data-disabled={isBlocked || undefined}
      loading={callLead.isPending}
      {...clickProps}
    >
      <PhoneIcon size={16} stroke={1.75} aria-hidden />
    </ActionIcon>
  ) : (
    <Button
      variant="light"
      size="compact-sm"
      leftSection={<PhoneIcon size={14} stroke={1.75} aria-hidden />}
      rightSection={isSimulated ? <IconChevronDown size={14} stroke={1.75} aria-hidden /> : null}
      aria-label={name}
      aria-describedby={isBlocked ? reasonId : undefined}
      aria-disabled={isBlocked || undefined}
      data-disabled={isBlocked || undefined}
      loading={callLead.isPending}
      {...clickProps}
    >
      {label}
    </Button>
  );

  // The icon alone says its name on hover; a disabled control says why on hover, focus and touch.
  const tooltip = reason ?? (isCompact ? name : null);
  // Outside the menu's target, which gives the button its aria-expanded and aria-controls.
  const withTooltip = (target: ReactElement) => (
    <Tooltip
      label={tooltip}
      disabled={tooltip === null}
      withArrow
      events={{ hover: true, focus: isBlocked, touch: isBlocked }}
    >
      {target}
    </Tooltip>
  );

  if (isBlocked) {
    return (
      <>
        {withTooltip(trigger)}
        <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
      </>
    );
  }
  if (!isSimulated) return withTooltip(trigger);
  return (
    <Menu
      opened={callLead.isMenuOpen}
      onChange={callLead.onMenuChange}
      position="bottom-end"
      shadow="md"
      width={200}
    >
      {withTooltip(<Menu.Target>{trigger}</Menu.Target>)}
      <Menu.Dropdown>
        <Menu.Label>A call from the lead</Menu.Label>
        {simulatedOutcomes.map(({ outcome, label: outcomeLabel, icon: OutcomeIcon }) => (
          <Menu.Item
            key={outcome}
            leftSection={<OutcomeIcon size={16} stroke={1.75} aria-hidden />}
            onClick={() => callLead.simulate(outcome)}
          >
            {outcomeLabel}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
