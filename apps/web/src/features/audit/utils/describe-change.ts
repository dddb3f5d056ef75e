import {
  ASSISTANT_OWNER_LABEL,
  leadStatusLabels,
  staffRoleLabels,
  UNASSIGNED_OWNER_LABEL,
} from '@leasing/contract';

/** How many characters of one value a row shows; the CSV keeps all of it. */
const MAX_VALUE_LENGTH = 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** A code such as `TOUR_SCHEDULED` or `sent_now`: said as words when no table names it. */
const CODE = /^[A-Za-z]+(_[A-Za-z]+)+$|^[A-Z]+$/;

/** What each recorded field is called on the trail. */
const fieldLabels: Record<string, string> = {
  owner: 'Owner',
  status: 'Status',
  lostReason: 'Lost reason',
  note: 'Note',
  channel: 'Channel',
  scheduledAt: 'Scheduled for',
  change: 'Change',
  changed: 'Changed',
  outcome: 'Outcome',
  name: 'Name',
  mergedInto: 'Merged into',
  movedLeads: 'Leads moved',
  movedNumbers: 'Numbers moved',
  eventType: 'Timeline event',
  resolution: 'Result',
  source: 'Source',
  address: 'Number',
  decision: 'Decision',
  stage: 'Stage',
  expiresAt: 'Expires',
  scopes: 'May',
  number: 'Number',
  created: 'New',
  roundRobin: 'Round robin',
  reason: 'Reason',
  weeklyDigest: 'Weekly report email',
  followUpAt: 'Follow-up',
  firstReplyTargetMinutes: 'First-reply target',
  timeZone: 'Time zone',
  hours: 'Hours',
  localTime: "Lead's local time",
  zone: 'Time zone',
  email: 'Email',
  phone: 'Phone',
  role: 'Role',
  url: 'URL',
  events: 'Events',
  event: 'Event',
  scope: 'Scope',
  phoneOptStatus: 'Texts',
  emailOptStatus: 'Email',
  description: 'Description',
  active: 'Active',
};

/** Words for the codes the trail records, by the field that holds them. */
const codeWords: Record<string, Record<string, string>> = {
  status: {
    ...leadStatusLabels,
    OPT_OUT: 'Opted out',
    OPT_IN: 'Opted in',
    NO_INDICATION: 'Not said',
    PENDING: 'Open',
    COMPLETED: 'Completed',
    active: 'Active',
    deactivated: 'Deactivated',
  },
  channel: { SMS: 'Text', EMAIL: 'Email' },
  source: {
    sms_keyword: 'A keyword by text (STOP, START)',
    sms_phrase: 'Their own words by text',
    staff: 'A staff member',
    email_one_click: 'The unsubscribe link of an email',
    integration: 'An integration',
    carrier: 'The carrier',
    booking_page: 'The tour booking page',
  },
  resolution: {
    ASSIGNED: 'Moved to a lead',
    LEAD_CREATED: 'Made a lead of it',
    DISMISSED: 'Dismissed',
  },
  decision: { OPT_OUT: 'Opted out of texts', NOT_OPT_OUT: 'Not an opt-out' },
  change: { edited: 'Edited', canceled: 'Canceled', sent_now: 'Sent now' },
  scope: { company: 'Whole company', personal: 'Personal' },
  role: staffRoleLabels,
  reason: { revoked: 'Revoked by an admin', inviter_deactivated: 'The inviter was deactivated' },
};
codeWords.phoneOptStatus = codeWords.status!;
codeWords.emailOptStatus = codeWords.status!;

/** 'expiresAt' → 'Expires at'; a field no table names is said in words all the same. */
const labelOf = (key: string) => {
  const known = fieldLabels[key];
  if (known) return known;
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** 'TOUR_SCHEDULED' → 'Tour scheduled' */
const codeText = (code: string) => {
  const words = code.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const isId = (value: unknown) => typeof value === 'string' && UUID.test(value);
/** An id, or a list of nothing but ids (a rule's people): nothing a reader can use. */
const isIds = (value: unknown) =>
  isId(value) || (Array.isArray(value) && value.length > 0 && value.every(isId));

type Formatter = (iso: string) => string;

/** A lead's owner as the console names it: a person, the assistant, or nobody. */
function ownerText(value: Record<string, unknown>): string | undefined {
  if (value.kind === 'unassigned') return UNASSIGNED_OWNER_LABEL;
  if (value.kind === 'assistant') return ASSISTANT_OWNER_LABEL;
  if (value.kind === 'user') return typeof value.name === 'string' ? value.name : 'A teammate';
  return undefined;
}

function shorten(text: string) {
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

function valueText(key: string, value: unknown, formatInstant: Formatter): string {
  if (value === null || value === undefined || value === '') return key === 'owner' ? '—' : 'None';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    return key === 'firstReplyTargetMinutes' ? `${value} minutes` : String(value);
  }
  if (Array.isArray(value)) {
    const shown = value.filter((item) => !isId(item));
    return shown.length === 0
      ? 'None'
      : shown.map((item) => valueText(key, item, formatInstant)).join(', ');
  }
  if (typeof value === 'string') {
    const word = codeWords[key]?.[value];
    if (word) return word;
    if (ISO_INSTANT.test(value)) return formatInstant(value);
    return shorten(CODE.test(value) ? codeText(value) : value);
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (key === 'owner') return ownerText(record) ?? pairsText(record, formatInstant);
    return pairsText(record, formatInstant);
  }
  return String(value as bigint);
}

/** An object the trail kept whole (office hours, a webhook's settings) as 'Key: value' pairs. */
function pairsText(record: Record<string, unknown>, formatInstant: Formatter): string {
  const pairs = Object.entries(record).filter(([, item]) => !isId(item));
  if (pairs.length === 0) return 'None';
  return shorten(
    pairs
      .map(([key, item]) => `${labelOf(key)}: ${valueText(key, item, formatInstant)}`)
      .join('; '),
  );
}

export type ChangeLine = { label: string; before: string | null; after: string };

/**
 * One line per field an entry recorded, in words: `Owner: Unassigned → Priya Shah` where it kept
 * the old value, the new value alone otherwise (`Channel: Text`). Codes become the console's
 * words, objects 'Key: value' pairs; ids mean nothing to a reader and are left out (the CSV keeps
 * them).
 */
export function describeChange(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  formatInstant: Formatter,
): ChangeLine[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (key) => !isIds(before?.[key]) && !isIds(after?.[key]),
  );
  return keys.map((key) => ({
    label: labelOf(key),
    before: before && key in before ? valueText(key, before[key], formatInstant) : null,
    after: valueText(key, after?.[key], formatInstant),
  }));
}
