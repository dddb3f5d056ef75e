import type { Lead } from '@leasing/contract';
import { Paper, Tabs } from '@mantine/core';
import { ConversationInfo } from '../../../../features/leads/components/conversation-info';
import classes from './lead-page.module.css';

export type LeadInfoPanelProps = {
  lead: Lead;
  /** One column: the pane's switch shows this panel or the conversations. */
  isNarrow: boolean;
  isExpanded: boolean;
  canEditContact: boolean;
};

/** 'Conversation info' beside the conversations: who the lead is and how to reach them. */
export function LeadInfoPanel({ lead, isNarrow, isExpanded, canEditContact }: LeadInfoPanelProps) {
  const conversationInfo = (
    <ConversationInfo lead={lead} isExpanded={isExpanded} canEditContact={canEditContact} />
  );
  return (
    <Paper
      withBorder
      radius="md"
      className={classes.info}
      // On a narrow screen the switch above is its tab: a second one would repeat it.
      component={isNarrow ? 'section' : 'div'}
      aria-label={isNarrow ? 'Conversation info' : undefined}
    >
      {isNarrow ? (
        <div className={classes.infoBody}>{conversationInfo}</div>
      ) : (
        <Tabs
          defaultValue="conversation-info"
          classNames={{ root: classes.tabs, panel: classes.infoBody }}
        >
          <Tabs.List px="md">
            <Tabs.Tab value="conversation-info">Conversation info</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="conversation-info">{conversationInfo}</Tabs.Panel>
        </Tabs>
      )}
    </Paper>
  );
}
