import type { ConversationEvent } from '@leasing/contract';
import { Badge, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatDateTime } from '../../../lib/format-date';
import { formatDuration } from '../utils/format-duration';
import { callPartyName } from './call-row';
import { HighlightedText } from './search-highlight';

type Speaker = 'LEAD' | 'AGENT' | 'ASSISTANT';

const speakerColor = { LEAD: 'gray', AGENT: 'indigo', ASSISTANT: 'teal' } as const satisfies Record<
  Speaker,
  string
>;

/** Who said a line of a call's transcript: the lead by name when the call knows it. */
export function speakerLabel(speaker: Speaker, call: ConversationEvent): string {
  if (speaker === 'LEAD')
    return call.senderType === 'LEAD' && call.senderName ? call.senderName : 'Lead';
  return speaker === 'AGENT' ? 'Agent' : 'Assistant';
}

export type CallTranscriptDialogProps = {
  /** The call whose transcript is open; null when the dialog is closed. */
  call: ConversationEvent | null;
  onClose: () => void;
};

/** The transcript popup of a phone call. */
export function CallTranscriptDialog({ call, onClose }: CallTranscriptDialogProps) {
  const transcript = call?.data.transcript ?? [];
  return (
    <Modal
      opened={call !== null}
      onClose={onClose}
      title="Call transcript"
      size="lg"
      centered
      scrollAreaComponent={ScrollArea.Autosize}
      styles={{ title: { fontWeight: 650 } }}
    >
      {call && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Call with {callPartyName(call)} · {formatDateTime(call.date)}
            {call.data.durationSeconds !== undefined &&
              ` · ${formatDuration(call.data.durationSeconds)}`}
          </Text>
          {transcript.length === 0 ? (
            <EmptyState
              icon={<IconFileText size={22} stroke={1.5} />}
              title="No transcript for this call"
              description="The call was not recorded, or its transcript is not ready yet."
            />
          ) : (
            <Stack gap="sm" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
              {transcript.map((line, index) => (
                <li key={index}>
                  <Group gap="sm" align="flex-start" wrap="nowrap">
                    <Badge
                      variant="light"
                      color={speakerColor[line.speaker]}
                      w={110}
                      tt="none"
                      style={{ flexShrink: 0 }}
                    >
                      {speakerLabel(line.speaker, call)}
                    </Badge>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      <HighlightedText text={line.text} />
                    </Text>
                  </Group>
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  );
}
