import type { ConversationEvent } from '@leasing/contract';
import { Alert, Modal, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { formatDateTime } from '../../../lib/format-date';
import { sanitizeEmailHtml } from '../utils/sanitize-email-html';

export type FormattedEmailDialogProps = {
  /** The email whose HTML part is shown; null when the dialog is closed. */
  email: ConversationEvent | null;
  onClose: () => void;
};

/**
 * An email's HTML part, sanitized, inside a frame sandboxed with no permissions at all: it cannot
 * run scripts, submit forms or reach the app's page.
 */
export function FormattedEmailDialog({ email, onClose }: FormattedEmailDialogProps) {
  const html = email?.data.html;
  const sanitized = useMemo(() => (html ? sanitizeEmailHtml(html) : null), [html]);
  return (
    <Modal
      opened={email !== null}
      onClose={onClose}
      title={email?.subject ?? 'Formatted email'}
      size="xl"
      centered
      styles={{ title: { fontWeight: 650 } }}
    >
      {email && sanitized && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            From {email.senderName ?? 'unknown sender'} · {formatDateTime(email.date)}
          </Text>
          {sanitized.blockedImageCount > 0 && (
            <Alert variant="light" color="gray" icon={<IconPhotoOff size={16} />} py="xs">
              Remote images are blocked to protect your privacy.
            </Alert>
          )}
          <iframe
            title="Formatted email"
            sandbox=""
            srcDoc={sanitized.document}
            referrerPolicy="no-referrer"
            style={{
              width: '100%',
              height: '60vh',
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 'var(--mantine-radius-md)',
              background: 'white',
            }}
          />
        </Stack>
      )}
    </Modal>
  );
}
