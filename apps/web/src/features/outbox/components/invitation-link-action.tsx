import type { OutboxEntry } from '../api/get-outbox';
import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useCopyInvitationLink } from '../api/copy-invitation-link';

type InvitationStatus = NonNullable<OutboxEntry['invitation']>['status'];

const CLOSED_REASONS: Record<Exclude<InvitationStatus, 'pending'>, string> = {
  accepted: 'This invitation was accepted.',
  revoked: 'This invitation was revoked.',
  expired: 'This invitation has expired. Invite them again from Settings → Team.',
};

type InvitationLinkActionProps = {
  invitation: NonNullable<OutboxEntry['invitation']>;
  to: string;
};

/**
 * 'Copy invitation link' under an invitation email (admins): the link in the email is hidden, so
 * the admin takes a fresh one to the clipboard. Where the browser refuses the clipboard, the link
 * is shown in a dialog to copy by hand.
 */
export function InvitationLinkAction({ invitation, to }: InvitationLinkActionProps) {
  const reasonId = useId();
  const copyLink = useCopyInvitationLink();
  const [shownLink, setShownLink] = useState<string | null>(null);
  const closedReason = invitation.status === 'pending' ? null : CLOSED_REASONS[invitation.status];

  function handleCopy() {
    copyLink.mutate(invitation._id, {
      onSuccess: async ({ link }) => {
        try {
          await navigator.clipboard.writeText(link);
          notifications.show({
            color: 'teal',
            message: `Invitation link for ${to} copied. The link in this email no longer works.`,
          });
        } catch {
          setShownLink(link);
        }
      },
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  }

  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="light"
        size="compact-sm"
        leftSection={<IconCopy size={14} stroke={1.75} />}
        disabled={closedReason !== null}
        aria-describedby={closedReason ? reasonId : undefined}
        loading={copyLink.isPending}
        onClick={handleCopy}
      >
        Copy invitation link
      </Button>
      <Text id={reasonId} size="xs" c="dimmed">
        {closedReason ?? 'The link is hidden here: only the person invited should hold it.'}
      </Text>
      <Modal
        opened={shownLink !== null}
        onClose={() => setShownLink(null)}
        centered
        title="Invitation link"
      >
        <Stack gap="md">
          <Text size="sm">
            Your browser did not allow copying. Copy the link below and send it to {to}.
          </Text>
          <TextInput label="Invitation link" value={shownLink ?? ''} readOnly />
          <Group justify="flex-end">
            <CopyButton value={shownLink ?? ''}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={() => setShownLink(null)}>Done</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
