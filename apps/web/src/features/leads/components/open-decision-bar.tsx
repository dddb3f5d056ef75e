import type { Lead } from '@leasing/contract';
import { decisionQuestionOf } from '../utils/decision-question';
import classes from './open-decision-bar.module.css';
import { OfficeDecisionControl } from './office-decision-control';

export type OpenDecisionBarProps = {
  lead: Pick<
    Lead,
    '_id' | 'companyID' | 'propertyID' | 'pmsLeadId' | 'officeDecisionState' | 'conversations'
  >;
};

/**
 * An open office decision, pinned above the conversation while it is open: its question stays in
 * view however far the timeline is scrolled, beside 'Complete' (which quotes it again).
 */
export function OpenDecisionBar({ lead }: OpenDecisionBarProps) {
  const decision = lead.officeDecisionState;
  if (!decision || decision.status === 'COMPLETED') return null;
  return (
    <div className={classes.bar} role="region" aria-label="Open decision">
      <OfficeDecisionControl lead={lead} question={decisionQuestionOf(lead.conversations)} />
    </div>
  );
}
