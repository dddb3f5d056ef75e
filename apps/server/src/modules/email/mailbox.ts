import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, properties, type CompanyRow } from '../../db/schema/index.js';

/** A company's leasing address a message was sent to, and the property its plus tag named. */
export type Mailbox = { company: CompanyRow; propertyTag: string | undefined };

const splitAddress = (address: string) => {
  const trimmed = address.trim().replace(/^<|>$/g, '').toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at === trimmed.length - 1) return undefined;
  return { local: trimmed.slice(0, at), domain: trimmed.slice(at + 1) };
};

const findCompanyByAddress = async (db: Db, address: string) =>
  (
    await db
      .select()
      .from(companies)
      .where(sql`lower(${companies.registeredLeasingEmail}) = ${address}`)
  )[0];

/**
 * The company whose registered leasing address this is, case-insensitively, also as
 * `local+TAG@domain` (TAG names one of its properties for new leads). Undefined for any other address.
 */
export const resolveMailbox = async (db: Db, address: string): Promise<Mailbox | undefined> => {
  const parts = splitAddress(address);
  if (!parts) return undefined;
  const exact = await findCompanyByAddress(db, `${parts.local}@${parts.domain}`);
  if (exact) return { company: exact, propertyTag: undefined };
  const plus = parts.local.indexOf('+');
  if (plus <= 0) return undefined;
  const company = await findCompanyByAddress(db, `${parts.local.slice(0, plus)}@${parts.domain}`);
  const tag = parts.local.slice(plus + 1);
  return company ? { company, propertyTag: tag || undefined } : undefined;
};

/** One mailbox per company: a message sent to two of a company's addresses is one message. */
export const resolveMailboxes = async (db: Db, addresses: string[]): Promise<Mailbox[]> => {
  const byCompany = new Map<string, Mailbox>();
  for (const address of addresses) {
    const mailbox = await resolveMailbox(db, address);
    if (!mailbox) continue;
    const known = byCompany.get(mailbox.company.id);
    if (!known || (!known.propertyTag && mailbox.propertyTag))
      byCompany.set(mailbox.company.id, mailbox);
  }
  return [...byCompany.values()];
};

/**
 * Where a new lead of this mailbox is filed: the property its plus tag names (matched
 * case-insensitively, as mail systems may lower-case addresses), else the company's first by name.
 */
export const propertyForNewLead = async (db: Db, mailbox: Mailbox) => {
  if (mailbox.propertyTag) {
    const [tagged] = await db
      .select()
      .from(properties)
      .where(
        and(
          eq(properties.companyId, mailbox.company.id),
          sql`lower(${properties.pmsPropertyId}) = ${mailbox.propertyTag.toLowerCase()}`,
        ),
      );
    if (tagged) return tagged;
  }
  const [first] = await db
    .select()
    .from(properties)
    .where(eq(properties.companyId, mailbox.company.id))
    .orderBy(asc(properties.name), asc(properties.id))
    .limit(1);
  return first;
};
