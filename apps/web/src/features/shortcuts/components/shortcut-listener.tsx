import { Group, Kbd, Modal, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import type { HotkeyItem } from '@mantine/hooks';
import { useState, useSyncExternalStore } from 'react';
import {
  handlerFor,
  knownShortcuts,
  listShortcuts,
  registeredKeys,
  shortcutsVersion,
  subscribeShortcuts,
} from '../utils/shortcut-registry';

/**
 * Mantine's names for a key: a symbol typed with Shift ('?' is Shift+/ on a US keyboard) is
 * matched with and without it, as layouts differ.
 */
const hotkeysOf = (key: string) => (/^[a-z0-9]$/i.test(key) ? [key] : [key, `shift+${key}`]);

/**
 * The one keydown listener of the console. Mantine's `useHotkeys` matches keys exactly (a key
 * with Ctrl, Alt or Meta held is another hotkey) and ignores keys typed in inputs, text areas,
 * selects and contenteditable elements. '?' opens the list of shortcuts.
 */
export function ShortcutListener() {
  const [isListOpen, setIsListOpen] = useState(false);
  useSyncExternalStore(subscribeShortcuts, shortcutsVersion);
  const keys = new Set([...knownShortcuts.map((entry) => entry.key), ...registeredKeys()]);

  const hotkeys: HotkeyItem[] = [...keys].flatMap((key) =>
    hotkeysOf(key).map((hotkey): HotkeyItem => [
      hotkey,
      (event) => {
        if (key === '?') {
          setIsListOpen((open) => !open);
          return;
        }
        handlerFor(key)?.(event);
      },
      // A key nothing handles here is left to the browser.
      { preventDefault: key === '?' || handlerFor(key) !== null },
    ]),
  );
  useHotkeys(hotkeys);

  return <ShortcutsDialog opened={isListOpen} onClose={() => setIsListOpen(false)} />;
}

export type ShortcutsDialogProps = { opened: boolean; onClose: () => void };

/** The list of shortcuts; those the page on screen has no use for are dimmed and say so. */
export function ShortcutsDialog({ opened, onClose }: ShortcutsDialogProps) {
  useSyncExternalStore(subscribeShortcuts, shortcutsVersion);
  const shortcuts = listShortcuts();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Keyboard shortcuts"
      centered
      size="sm"
      styles={{ title: { fontWeight: 650 } }}
    >
      <Stack gap={6} component="dl" m={0}>
        {shortcuts.map((shortcut) => (
          <Group key={shortcut.key} justify="space-between" wrap="nowrap" gap="md">
            {/* Greyed by colour, not opacity: a faded grey would no longer read (4.5:1). */}
            <Text component="dt" size="sm" c={shortcut.isAvailable ? undefined : 'dimmed'}>
              {shortcut.description}
              {!shortcut.isAvailable && (
                <Text component="span" size="xs" c="dimmed">
                  {' '}
                  (not on this page)
                </Text>
              )}
            </Text>
            <Text component="dd" m={0}>
              <Kbd>{shortcut.key}</Kbd>
            </Text>
          </Group>
        ))}
      </Stack>
      <Text size="xs" c="dimmed" mt="md">
        Shortcuts do nothing while you type in a field.
      </Text>
    </Modal>
  );
}
