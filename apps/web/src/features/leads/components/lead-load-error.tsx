import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { ApiRequestError } from '../../../lib/api-client';

/** A lead that is not there, or not the caller's company's: asking again cannot help. */
export function isLeadUnavailable(error: Error | null): boolean {
  return (
    error instanceof ApiRequestError && (error.code === 'FORBIDDEN' || error.code === 'NOT_FOUND')
  );
}

export type LeadLoadErrorProps = {
  error: Error;
  onRetry: () => void;
  /** Where the way back goes; none on a secure link, which has no dashboard. */
  backHref?: string;
};

/**
 * One message for a lead that cannot be shown. A lead of another company and a lead that does not
 * exist read the same (the page tells nobody which), with the way back instead of Retry.
 */
export function LeadLoadError({ error, onRetry, backHref }: LeadLoadErrorProps) {
  if (isLeadUnavailable(error)) {
    return (
      <ErrorState
        title="This lead does not exist or belongs to another company"
        message="Check the link, or open the lead from the dashboard."
        action={
          backHref && (
            <Button
              component={Link}
              to={backHref}
              size="xs"
              variant="white"
              color="red"
              leftSection={<IconArrowLeft size={14} />}
            >
              Back to dashboard
            </Button>
          )
        }
      />
    );
  }
  return <ErrorState title="Could not load this lead" message={error.message} onRetry={onRetry} />;
}
