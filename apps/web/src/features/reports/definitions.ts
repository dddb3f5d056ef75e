import { NO_CONTACT_HOURS, SILENT_DAYS } from '@leasing/contract';
import type { FunnelStep } from '@leasing/contract';

/**
 * What every figure of the reports counts, written once: the info buttons show these, and the
 * docs quote them. They follow the contract's comments (packages/contract/src/reports.ts).
 */

const DAYS =
  "Days are the company's calendar days, in its time zone; the first and last day are both counted.";
const OFFICE_CLOCK =
  "Waits are counted in office-hours minutes of the lead's property (its hours and its time zone): a lead who writes at night waits from the next opening.";
const ARRIVED =
  "leads whose first message arrived in the range (the company's calendar days, in its time zone)";
const MEDIAN =
  'Medians and percentiles interpolate between the two nearest answered leads, so they can fall between whole minutes.';

export const funnelViewDefinitions = {
  cohort: `Cohort: the leads created in the range, and how far each has got up to now. ${DAYS}`,
  activity: `Activity: the steps that happened in the range, whenever the lead came. ${DAYS}`,
} as const;

/** The one line under the funnel's view switch, saying which view is shown. */
export const funnelViewLines = {
  cohort: 'Leads created in the range, and how far they got',
  activity: 'Steps that happened in the range',
} as const;

const SKIPPED =
  'A lead that skips a step passes it on the date of the later one (a lead leased without a tour counts as toured that day).';

export const funnelStepDefinitions: Record<FunnelStep, string> = {
  leads: `Leads created in the range. ${DAYS}`,
  contacted: `Leads the team wrote to (a person or the assistant, by text, email or call), or moved to Contacted. ${SKIPPED}`,
  tour_scheduled: `Leads with a tour scheduled. ${SKIPPED}`,
  toured: `Leads who toured. ${SKIPPED}`,
  applied: `Leads who applied. ${SKIPPED}`,
  leased: `Leads who signed a lease. ${SKIPPED}`,
};

export const reportDefinitions = {
  stepConversion:
    'The share of the previous step that reached this one. In the activity view the steps count different leads, so it can pass 100%.',
  lost: `Leads lost, by the reason chosen when they were marked Lost. In the cohort view: leads created in the range that are lost now; in the activity view: leads marked lost in the range. ${DAYS}`,
  change:
    'Each figure is compared with the previous period of the same length, just before the range (days in the company’s time zone).',
  arrived: `Leads whose first message (text, email or call) arrived in the range: their speed-to-lead clock started. ${DAYS}`,
  speedToLead: `Speed-to-lead starts at the lead's first message and stops at the team's first message after it (a person's or the assistant's; a scheduled one when it is sent). ${OFFICE_CLOCK}`,
  median: `The middle wait of the answered ${ARRIVED}: half were answered sooner. ${OFFICE_CLOCK} ${MEDIAN}`,
  p90: `Nine in ten answered ${ARRIVED} were answered within this wait. ${OFFICE_CLOCK} ${MEDIAN}`,
  withinTarget: `Answered within the company's first-reply target, of all ${ARRIVED}. ${OFFICE_CLOCK}`,
  within5Minutes: `Answered within 5 minutes, of all ${ARRIVED}. ${OFFICE_CLOCK}`,
  withinHour: `Answered within an hour, of all ${ARRIVED}. ${OFFICE_CLOCK}`,
  neverAnswered: `Of all ${ARRIVED}, those nobody on the team has written to since.`,
  byResponder:
    'Who answered first: the assistant, or a person (a staff user, or an integration key acting for one). Leads not answered yet count in neither.',
  heatMap: `When first messages arrived, by weekday and hour in the company's time zone, with the median wait of the answered ones. ${OFFICE_CLOCK}`,
  open: 'Open leads now: neither Leased nor Lost, whatever the range.',
  noContact48h: `Open leads the team has not written to for ${NO_CONTACT_HOURS} hours (or ever, if created more than ${NO_CONTACT_HOURS} hours ago). Counted now, on the wall clock.`,
  overdueFollowUps: 'Open leads whose follow-up time has passed. Counted now.',
  silent7d: `Open leads with no message either way for ${SILENT_DAYS} days. Counted now, on the wall clock.`,
  averageTouchesBeforeTour: `Messages the team sent before the tour, averaged over the leads whose tour was scheduled in the range. ${DAYS}`,
} as const;

export type ReportDefinition = keyof typeof reportDefinitions;
