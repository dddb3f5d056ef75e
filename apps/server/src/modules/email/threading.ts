import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { LeadRow } from '../../db/schema/index.js';
import {
  findEventByMessageIds,
  findLeadByEmail,
  findLeadById,
  lockKey,
} from './inbound-email.repository.js';
import { insertLead } from '../lead/index.js';
import { propertyForNewLead, type Mailbox } from './mailbox.js';
import type { InboundEmail } from './parse-inbound-email.js';

export type ThreadedLead = { lead: LeadRow; created: boolean };

/** Leads made from an email have no PMS id yet; this one is unique and says where it came from. */
const newPmsLeadId = () => `EMAIL-${randomBytes(6).toString('hex').toUpperCase()}`;

/** The reply's own ids, newest first: In-Reply-To, then References from the end. */
const threadIds = (email: InboundEmail) => [
  ...(email.inReplyTo ? [email.inReplyTo] : []),
  ...[...email.references].reverse(),
];

/**
 * The lead an inbound email belongs to, within the mailbox's company: the lead of the message it
 * answers (In-Reply-To / References), else the lead with the sender's address, else a new lead.
 * Undefined when no lead can be made (no sender address, a company without properties) or may be
 * (`mayOpenLead` false: the sender failed verification).
 * Runs inside the delivery's transaction.
 */
export const chooseLead = async (
  db: Db,
  mailbox: Mailbox,
  email: InboundEmail,
  { mayOpenLead }: { mayOpenLead: boolean },
): Promise<ThreadedLead | undefined> => {
  const companyId = mailbox.company.id;
  const answered = await findEventByMessageIds(db, companyId, threadIds(email), {
    outgoingOnly: false,
  });
  const threaded = answered ? await findLeadById(db, answered.leadId) : undefined;
  if (threaded) return { lead: threaded, created: false };

  if (!email.from) return undefined;
  // Two first messages from one stranger arriving at once must make one lead, not two.
  await lockKey(db, `email-sender:${companyId}:${email.from.address}`);
  const known = await findLeadByEmail(db, companyId, email.from.address);
  if (known) return { lead: known, created: false };
  if (!mayOpenLead) return undefined;

  const property = await propertyForNewLead(db, mailbox);
  if (!property) return undefined;
  const lead = await insertLead(db, {
    companyId,
    propertyId: property.id,
    pmsLeadId: newPmsLeadId(),
    name: email.from.name || email.from.address,
    email: email.from.address,
  });
  return { lead, created: true };
};

/** The outgoing message a bounce returns: by the returned Message-ID, else the bounce's own threading. */
export const findBouncedEvent = (
  db: Db,
  companyId: string,
  email: InboundEmail,
  returnedMessageIds: string[],
) =>
  findEventByMessageIds(db, companyId, [...returnedMessageIds, ...threadIds(email)], {
    outgoingOnly: true,
  });
