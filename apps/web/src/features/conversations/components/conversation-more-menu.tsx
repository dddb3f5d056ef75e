import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconDots,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
} from '@tabler/icons-react';

export type ConversationMoreMenuProps = {
  isFullscreen: boolean;
  isExpanded: boolean;
  onToggleFullscreen: () => void;
  onToggleExpanded: () => void;
};

/** The pane's more-menu. The 'By SMS' and 'By Email' items arrive with the composer. */
export function ConversationMoreMenu({
  isFullscreen,
  isExpanded,
  onToggleFullscreen,
  onToggleExpanded,
}: ConversationMoreMenuProps) {
  return (
    // The trigger sits in the pane's fixed header and cannot scroll out of view, so the dropdown
    // need not watch for its target being hidden.
    <Menu position="bottom-end" shadow="md" width={200} hideDetached={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="More actions">
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
      </Menu.Dropdown>
    </Menu>
  );
}
