import { Button, Tooltip } from '@mantine/core';
import { IconMail, IconMessage } from '@tabler/icons-react';
import type { ConversationMode } from '../utils/conversation-mode';

const MODES: { mode: ConversationMode; label: string; icon: typeof IconMessage }[] = [
  { mode: 'SMS', label: 'SMS', icon: IconMessage },
  { mode: 'EMAIL', label: 'Email', icon: IconMail },
];

export type ModeToggleProps = {
  mode: ConversationMode | null;
  /** Why each mode cannot be used; null when it can. */
  unavailable: Record<ConversationMode, string | null>;
  disabled: boolean;
  onSelect: (mode: ConversationMode) => void;
};

/**
 * The 'SMS' and 'Email' buttons. An unusable mode stays focusable (aria-disabled) so its tooltip
 * can say why, on hover and on keyboard focus alike.
 */
export function ModeToggle({ mode, unavailable, disabled, onSelect }: ModeToggleProps) {
  return (
    <Button.Group aria-label="Send as">
      {MODES.map(({ mode: option, label, icon: Icon }) => {
        const reason = unavailable[option];
        const isActive = mode === option;
        const isBlocked = reason !== null || disabled;
        return (
          <Tooltip
            key={option}
            label={reason}
            disabled={reason === null}
            withArrow
            events={{ hover: true, focus: true, touch: true }}
          >
            <Button
              size="xs"
              variant={isActive ? 'filled' : 'default'}
              leftSection={<Icon size={14} stroke={1.75} />}
              aria-pressed={isActive}
              aria-disabled={isBlocked || undefined}
              data-disabled={isBlocked || undefined}
              onClick={() => !isBlocked && onSelect(option)}
            >
              {label}
            </Button>
          </Tooltip>
        );
      })}
    </Button.Group>
  );
}
