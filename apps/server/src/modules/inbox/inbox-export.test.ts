import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { apiPaths, inboxCsvColumns } from '@leasing/contract';
import { auditLog, leadSources, leads, type NewLeadRow } from '../../db/schema/index.js';
import {
  createConversationEvent,
  createLead,
  createOffice,
  createSentSms,
  createUser,
  type Office,
} from '../../test/factories.js';
import { everyDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

type CsvRow = Record<(typeof inboxCsvColumns)[number], string>;

describe.each(everyDatabase())("the inbox's CSV export on $name", (target) => {
  const s = useTestApp(target, { seed: 'none' });
  let office: Office;
  let admin: string;
  let agent: string;
  let agentId: string;

  beforeAll(async () => {
    office = await createOffice(s.db);
    admin = await s.signIn(office.staff.credentials);
    const agentUser = await createUser(s.db, office.company.id, { role: 'agent' });
    agentId = agentUser.user.id;
    agent = await s.signIn(agentUser.credentials);
  });

  const download = (query: string, as = admin) =>
    s.request('GET', `${apiPaths.inboxExport}${query}`, { as });
  const rowsOf = (text: string) => parse(text, { columns: true }) as CsvRow[];
  const exportRows = (userId: string) =>
    s.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'inbox.exported'), eq(auditLog.actorUserId, userId)));

  it("downloads the filtered list, every page of it, as a CSV file of the company's leads", async () => {
    const property = office.property;
    const [zillow] = await s.db
      .insert(leadSources)
      .values({ companyId: office.company.id, name: 'Zillow Test' })
      .returning();
    const ava = await createLead(s.db, property, {
      name: 'Ava Export',
      phone: '+15125550123',
      email: 'ava@example.test',
      status: 'CONTACTED',
      sourceId: zillow!.id,
      owner: { id: agentId, name: 'Agent Smith' },
    });
    await createSentSms(s.db, ava, { minutesAgo: 30, sendingStatus: 'FAILED' });
    // A name a spreadsheet would run as a formula.
    const formula = await createLead(s.db, property, { name: '=HYPERLINK("http://x.test","hi")' });
    await createConversationEvent(s.db, formula);
    // More leads than the export fetches at once: the file has every page, not the first.
    const many: NewLeadRow[] = Array.from({ length: 520 }, (_, index) => ({
      companyId: office.company.id,
      propertyId: property.id,
      pmsLeadId: `bulk-${index}`,
      name: `Bulk Lead ${index}`,
    }));
    await s.db.insert(leads).values(many);
    const other = await createOffice(s.db);
    const elsewhere = await createLead(s.db, other.property, { name: 'Elsewhere Lead' });
    await createSentSms(s.db, elsewhere, { minutesAgo: 5, sendingStatus: 'FAILED' });

    const all = await download(`?propertyId=${property.id}`);
    expect(all.status).toBe(200);
    expect(all.headers['content-type']).toMatch(/^text\/csv/);
    expect(all.headers['content-disposition']).toMatch(/^attachment; filename="inbox-.*\.csv"$/);
    const rows = rowsOf(all.text);
    expect(Object.keys(rows[0]!)).toEqual([...inboxCsvColumns]);
    expect(rows).toHaveLength(522);
    expect(new Set(rows.map((row) => row.Lead)).size).toBe(522);
    expect(rows.map((row) => row.Lead)).not.toContain('Elsewhere Lead');
    expect(rows.find((row) => row.Lead.includes('HYPERLINK'))?.Lead).toBe(
      `'=HYPERLINK("http://x.test","hi")`,
    );

    // The same narrowing as the list: only Ava's message failed.
    const failed = await download(`?propertyId=${property.id}&filter=failed`);
    expect(failed.status).toBe(200);
    expect(rowsOf(failed.text)).toEqual([
      {
        Lead: 'Ava Export',
        Property: property.name,
        // A leading '+' could start a formula too; the quote also keeps it text, not a number.
        Phone: "'+15125550123",
        Email: 'ava@example.test',
        Status: 'Contacted',
        Source: 'Zillow Test',
        Owner: 'Agent Smith',
        'Last message at': expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
        'Waiting since': '',
        'Time zone': expect.any(String),
      },
    ]);
  });

  it('leaves an audit row naming who exported and with which narrowing, for any staff role', async () => {
    const before = (await exportRows(agentId)).length;
    const response = await download('?filter=awaiting,failed&channel=SMS&search=ava', agent);
    expect(response.status).toBe(200);
    const rows = await exportRows(agentId);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      companyId: office.company.id,
      actorType: 'user',
      targetType: 'user',
      targetId: agentId,
      after: { filter: 'awaiting,failed', channel: 'SMS', search: 'ava', view: 'all' },
    });
  });

  it('answers 400 naming the field for a filter it does not know, and audits nothing', async () => {
    const before = (await exportRows(office.staff.user.id)).length;
    const response = await download('?filter=failed,bogus');
    expect(response.status).toBe(400);
    expect(response.text).toContain('querystring.filter');
    expect(await exportRows(office.staff.user.id)).toHaveLength(before);
  });

  it("answers 404 for another company's property, and audits nothing", async () => {
    const other = await createOffice(s.db);
    const before = (await exportRows(office.staff.user.id)).length;
    const response = await download(`?propertyId=${other.property.id}`);
    expect(response.status).toBe(404);
    expect(await exportRows(office.staff.user.id)).toHaveLength(before);
  });
});
