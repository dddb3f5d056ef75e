import type { InboxItem } from '@leasing/contract';
import { Paper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { paths } from '../../../config/paths';
import { InboxSidebar } from '../../../features/inbox/components/inbox-sidebar';
import { LeadStepper } from '../../../features/inbox/components/lead-stepper';
import { useLeadNeighbors } from '../../../features/inbox/hooks/use-lead-neighbors';
import {
  dashboardSearchOf,
  inboxLinkSearch,
  readLeadQueue,
} from '../../../features/inbox/utils/inbox-url-params';
import { renderRowPresence } from '../../../features/presence/components/row-presence';
import { useLead } from '../../../features/leads/api/get-lead';
import { isLeadUnavailable } from '../../../features/leads/components/lead-load-error';
import { useProperties } from '../../../features/properties/api/get-properties';
import { useShortcut } from '../../../features/shortcuts/hooks/use-shortcut';
import classes from './lead-escalation.module.css';
import { LeadPage, leadPaneParamsSchema } from './lead-page/lead-page';

/** The lead's escalation page: the conversation pane of one lead. */
export function LeadEscalationRoute() {
  const params = leadPaneParamsSchema.safeParse(useParams());
  if (!params.success) {
    return (
      <Paper withBorder radius="md">
        <ErrorState
          title="This lead link is not valid"
          message="Open the lead from the dashboard."
        />
      </Paper>
    );
  }
  return <LeadWorkspace propertyId={params.data.propertyId} pmsLeadId={params.data.pmsLeadId} />;
}

/**
 * Wide enough for the inbox beside the lead and the lead's one line above the conversation (90em:
 * 1440 px); narrower, the lead takes the whole width and the inbox is 'Back to dashboard' away.
 */
const SPLIT_MEDIA_QUERY = '(min-width: 90em)';

/**
 * The lead in the queue it was opened from: that inbox (scope, search, filters) on the left on a
 * wide screen, next/previous lead above the pane, and 'Back to dashboard' to the same list.
 */
function LeadWorkspace({ propertyId, pmsLeadId }: { propertyId: string; pmsLeadId: string }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queue = readLeadQueue(searchParams, propertyId);
  const linkSearch = inboxLinkSearch(queue);
  const isSplit = useMediaQuery(SPLIT_MEDIA_QUERY) ?? false;
  const neighbors = useLeadNeighbors(queue, { propertyId, pmsLeadId });
  // A lead that is not there or another company's is one message: no queue beside or above it.
  const isUnavailable = isLeadUnavailable(useLead(propertyId, pmsLeadId).error);
  const propertiesQuery = useProperties();
  const scopeLabel = queue.propertyId
    ? (propertiesQuery.data?.find((property) => property._id === queue.propertyId)?.name ??
      'One property')
    : 'All properties';

  function openLead(item: InboxItem) {
    void navigate(`${paths.leadEscalation.getHref(item.propertyID, item.pmsLeadId)}${linkSearch}`);
  }

  function handleNext() {
    if (neighbors.nextBlockedReason) return;
    void neighbors.findNext().then((item) => item && openLead(item));
  }

  function handlePrevious() {
    if (!neighbors.previousBlockedReason && neighbors.previous) openLead(neighbors.previous);
  }

  useShortcut('j', handleNext, { description: 'Next lead' });
  useShortcut('k', handlePrevious, { description: 'Previous lead' });

  const backHref = `${paths.dashboard.getHref()}${dashboardSearchOf(queue)}`;
  return (
    <div className={classes.workspace} data-split={isSplit || undefined}>
      {isSplit && !isUnavailable && (
        <aside className={classes.sidebar} aria-label="Inbox">
          <InboxSidebar
            params={queue}
            scopeLabel={scopeLabel}
            linkSearch={linkSearch}
            fullInboxHref={backHref}
            currentLeadId={neighbors.current?._id ?? null}
            renderRowPresence={renderRowPresence}
          />
        </aside>
      )}
      <LeadPage
        propertyId={propertyId}
        pmsLeadId={pmsLeadId}
        backHref={backHref}
        queueNavigation={
          !isUnavailable && (
            <LeadStepper
              neighbors={neighbors}
              onPrevious={handlePrevious}
              onNext={handleNext}
              keys={{ previous: 'k', next: 'j' }}
            />
          )
        }
      />
    </div>
  );
}
