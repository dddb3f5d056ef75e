import type { Lead } from '@leasing/contract';
import { Group } from '@mantine/core';
import { LeadLightBadges } from '../../../../components/ui/lead-lights';
import { FollowUpMenu } from '../../../../features/follow-ups/components/follow-up-menu';

export type LeadLightsProps = {
  lead: Pick<Lead, '_id' | 'name' | 'lights' | 'followUpAt' | 'propertyTimeZone'>;
  /** The follow-up menu's open state: the pane's `f` shortcut opens it. */
  isFollowUpOpen: boolean;
  onFollowUpOpenChange: (opened: boolean) => void;
};

/** What needs attention on the lead, and its follow-up beside it. */
export function LeadLights({ lead, isFollowUpOpen, onFollowUpOpenChange }: LeadLightsProps) {
  return (
    <Group gap="xs" wrap="wrap" aria-label="Lights" role="group">
      <LeadLightBadges
        lights={lead.lights}
        followUpAt={lead.followUpAt}
        timeZone={lead.propertyTimeZone}
        now={new Date()}
      />
      <FollowUpMenu
        leadId={lead._id}
        leadName={lead.name}
        followUpAt={lead.followUpAt}
        timeZone={lead.propertyTimeZone}
        opened={isFollowUpOpen}
        onOpenedChange={onFollowUpOpenChange}
      />
    </Group>
  );
}
