import { A2P_UNREGISTERED_ERROR_CODE, DELIVERY_FAILURES } from '@leasing/contract';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format-date';

const failure = DELIVERY_FAILURES[A2P_UNREGISTERED_ERROR_CODE]!;

export type A2pBannerProps = {
  propertyName: string;
  /** When a text from the property's number last failed with 30034. */
  since: string;
};

/** For admins: the property's number is not registered for A2P 10DLC, and what to do about it. */
export function A2pBanner({ propertyName, since }: A2pBannerProps) {
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      icon={<IconAlertTriangle size={18} stroke={1.75} />}
      title={`Texts from ${propertyName} are blocked: the number is not registered for A2P 10DLC`}
    >
      {failure.action} (Twilio error {A2P_UNREGISTERED_ERROR_CODE}, last on {formatDateTime(since)}
      .)
    </Alert>
  );
}
