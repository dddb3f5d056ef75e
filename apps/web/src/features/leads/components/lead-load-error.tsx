import { ErrorState } from '../../../components/ui/error-state';
import { ApiRequestError } from '../../../lib/api-client';

export type LeadLoadErrorProps = {
  error: Error;
  onRetry: () => void;
};

/** Retrying cannot help a lead that is not there or not ours: those say what to do instead. */
export function LeadLoadError({ error, onRetry }: LeadLoadErrorProps) {
  const code = error instanceof ApiRequestError ? error.code : null;
  if (code === 'FORBIDDEN') {
    return (
      <ErrorState
        title="This lead is not available to you"
        message="It belongs to a property outside your company. Open your leads from the dashboard."
      />
    );
  }
  if (code === 'NOT_FOUND') {
    return (
      <ErrorState
        title="Lead not found"
        message="It may have been removed, or the link is incomplete. Open the lead from the dashboard."
      />
    );
  }
  return <ErrorState title="Could not load this lead" message={error.message} onRetry={onRetry} />;
}
