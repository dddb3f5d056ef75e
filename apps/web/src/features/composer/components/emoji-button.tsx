import { ActionIcon, Center, Loader, Popover, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMoodSmile } from '@tabler/icons-react';
import { lazy, Suspense, useRef } from 'react';
import type { KeyboardEvent } from 'react';

const EmojiPanel = lazy(() =>
  import('./emoji-panel').then((module) => ({ default: module.EmojiPanel })),
);

export type EmojiButtonProps = {
  disabled: boolean;
  onPick: (emoji: string) => void;
};

/**
 * 'Insert emoji': the picker opens above the button. Picking closes it (the caller puts the caret
 * back); Escape closes it and returns to the button; a click outside just closes it.
 */
export function EmojiButton({ disabled, onPick }: EmojiButtonProps) {
  const [opened, { close, toggle }] = useDisclosure(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  function handlePick(emoji: string) {
    close();
    onPick(emoji);
  }

  function handleDropdownKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    close();
    buttonRef.current?.focus();
  }

  return (
    <Popover
      opened={opened}
      onChange={(isOpen) => !isOpen && close()}
      position="top-end"
      shadow="md"
      returnFocus={false}
      closeOnEscape={false}
      // The button sits in the composer, which never scrolls out of view.
      hideDetached={false}
    >
      <Popover.Target>
        <Tooltip label="Insert emoji" withArrow disabled={opened}>
          <ActionIcon
            ref={buttonRef}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Insert emoji"
            aria-expanded={opened}
            aria-haspopup="dialog"
            disabled={disabled}
            onClick={toggle}
          >
            <IconMoodSmile size={20} stroke={1.75} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label="Emoji picker" onKeyDownCapture={handleDropdownKeyDown}>
        <Suspense
          fallback={
            <Center w={320} h={380} role="status" aria-label="Loading emojis">
              <Loader size="sm" />
            </Center>
          }
        >
          <EmojiPanel onPick={handlePick} />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
