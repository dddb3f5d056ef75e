import { ACCESS_LINK_DEFAULT_TTL_SECONDS, type AccessLink } from '@leasing/contract';
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { CopyField } from '../../../components/ui/copy-field';
import { useCreateAccessLink } from '../api/create-access-link';
import { formatExpiry } from '../utils/format-expiry';

const VALIDITY_OPTIONS = [
  { value: String(ACCESS_LINK_DEFAULT_TTL_SECONDS), label: '30 minutes' },
  { value: String(2 * 60 * 60), label: '2 hours' },
  { value: String(8 * 60 * 60), label: '8 hours' },
  { value: String(24 * 60 * 60), label: '24 hours' },
];

function CreatedLink({ link }: { link: AccessLink }) {
  return (
    <Stack gap="xs">
      <CopyField label="Secure link" value={link.url} />
      <Text size="sm" c="dimmed">
        {formatExpiry(link.expiresAt)}
      </Text>
    </Stack>
  );
}

export type ShareLinkDialogProps = {
  leadID: string;
  leadName: string;
  opened: boolean;
  onClose: () => void;
};

/**
 * Mints a link that opens this lead's pane without a password (typically inside the PMS), acting
 * for the signed-in user. Creating it is a deliberate step: whoever holds the link can write to
 * the lead as that user until it expires.
 */
export function ShareLinkDialog({ leadID, leadName, opened, onClose }: ShareLinkDialogProps) {
  const [ttlSeconds, setTtlSeconds] = useState(String(ACCESS_LINK_DEFAULT_TTL_SECONDS));
  const createLink = useCreateAccessLink(leadID);

  function handleCreate() {
    createLink.mutate({ ttlSeconds: Number(ttlSeconds) });
  }

  function handleClose() {
    createLink.reset();
    onClose();
  }

  return (
    <Modal opened={opened} onClose={handleClose} title="Share secure link" size="lg" centered>
      <Stack gap="md">
        <Text size="sm">
          Anyone with this link can open {leadName}&apos;s conversation as you — read it, add notes
          and send messages — without signing in, until it expires.
        </Text>
        {createLink.data ? (
          <CreatedLink link={createLink.data} />
        ) : (
          <Stack gap={6}>
            <Text size="sm" fw={500} id="share-link-validity">
              Valid for
            </Text>
            <SegmentedControl
              aria-labelledby="share-link-validity"
              data={VALIDITY_OPTIONS}
              value={ttlSeconds}
              onChange={setTtlSeconds}
              disabled={createLink.isPending}
            />
          </Stack>
        )}
        {createLink.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {createLink.error.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={handleClose}>
            {createLink.data ? 'Done' : 'Cancel'}
          </Button>
          {!createLink.data && (
            <Button
              leftSection={<IconLink size={16} />}
              loading={createLink.isPending}
              onClick={handleCreate}
            >
              Create link
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
