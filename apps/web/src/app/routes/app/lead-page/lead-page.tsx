import { leadParamsSchema } from '@leasing/contract';
import { Paper, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { ProcessingOverlay } from '../../../../components/ui/processing-overlay';
import { paths } from '../../../../config/paths';
import { useLead } from '../../../../features/leads/api/get-lead';
import {
  isLeadUnavailable,
  LeadLoadError,
} from '../../../../features/leads/components/lead-load-error';
import { LeadPane } from './lead-pane';
import classes from './lead-page.module.css';
import { LeadTopBar } from './lead-top-bar';

/**
 * The pane's route params. The API's lead params call the PMS id `leadId`; here it is named for
 * what it is, beside the lead's UUID (`lead._id`), with the same rules.
 */
export const leadPaneParamsSchema = z.object({
  propertyId: leadParamsSchema.shape.propertyId,
  pmsLeadId: leadParamsSchema.shape.leadId,
});

function LeadPageSkeleton() {
  return (
    <div className={classes.page}>
      <Skeleton height={14} width={140} />
      <div className={classes.pane} role="status" aria-label="Loading lead">
        <Skeleton height={30} width="40%" />
        <div className={classes.columns}>
          <Skeleton radius="md" />
          <Skeleton radius="md" />
        </div>
        <ProcessingOverlay visible />
      </div>
    </div>
  );
}

export type LeadPageProps = {
  /** Where 'Back to dashboard' goes: the inbox the lead was opened from. */
  backHref?: string;
  /** Next/previous lead in that inbox, beside the way back. */
  queueNavigation?: ReactNode;
  propertyId: string;
  /** The lead's id in the property-management system, as the pane's URL names it. */
  pmsLeadId: string;
  /** Opened from a secure link: no way back to the dashboard, no new links. */
  isSecureAccess?: boolean;
};

/** The lead's pane once loaded; the secure-access page shows it too. */
export function LeadPage({
  propertyId,
  pmsLeadId,
  isSecureAccess = false,
  backHref = paths.dashboard.getHref(propertyId),
  queueNavigation,
}: LeadPageProps) {
  const leadQuery = useLead(propertyId, pmsLeadId);

  function handleRetry() {
    void leadQuery.refetch();
  }

  if (leadQuery.isPending) return <LeadPageSkeleton />;
  if (leadQuery.isError) {
    // A lead that is not there or not ours: one message with the way back, and nothing else.
    if (isLeadUnavailable(leadQuery.error)) {
      return (
        <Paper withBorder radius="md">
          <LeadLoadError
            error={leadQuery.error}
            onRetry={handleRetry}
            // Not the queue it came from: that may be the other company's property.
            backHref={isSecureAccess ? undefined : paths.dashboard.getHref()}
          />
        </Paper>
      );
    }
    return (
      <Stack gap="md">
        {!isSecureAccess && <LeadTopBar backHref={backHref} queueNavigation={queueNavigation} />}
        <Paper withBorder radius="md">
          <LeadLoadError error={leadQuery.error} onRetry={handleRetry} />
        </Paper>
      </Stack>
    );
  }
  // Keyed: another lead starts with its own draft, mode and reply.
  return (
    <LeadPane
      key={leadQuery.data._id}
      lead={leadQuery.data}
      isSecureAccess={isSecureAccess}
      backHref={backHref}
      queueNavigation={queueNavigation}
    />
  );
}
