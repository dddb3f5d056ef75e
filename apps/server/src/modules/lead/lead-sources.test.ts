import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  apiPaths,
  DEFAULT_LEAD_SOURCES,
  type ApiError,
  type CompanyNumber,
  type Lead,
  type LeadSource,
  type LeadSourceList,
  type LeadSourceResponse,
} from '@leasing/contract';
import { auditLog, leads, leadSources, phoneNumbers } from '../../db/schema/index.js';
import {
  createCompany,
  createLead,
  createOffice,
  createPhoneNumber,
  createUser,
  type Office,
} from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp, type HttpMethod } from '../../test/use-test-app.js';

describe.each(oneDatabase())('lead sources on $name', (target) => {
  const t = useTestApp(target, { seed: 'none' });
  let office: Office;
  let other: Office;
  let admin: string;
  let agent: string;
  let otherAdmin: string;
  let counter = 0;

  const call = <T>(method: HttpMethod, url: string, as = admin, payload?: unknown) =>
    t.request<T & ApiError>(method, url, { as, payload });
  const list = async (as = admin) =>
    (await call<LeadSourceList>('GET', apiPaths.leadSources, as)).body.items;
  const add = (name: string, as = admin) =>
    call<LeadSource>('POST', apiPaths.leadSources, as, { name });
  const uniqueName = (base: string) => `${base} ${++counter}`;
  const auditRows = (action: string, targetId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

  beforeAll(async () => {
    office = await createOffice(t.db, { staff: { name: 'Dana Whitfield' } });
    other = await createOffice(t.db);
    admin = await t.signIn(office.staff.credentials);
    agent = await t.signIn(
      (await createUser(t.db, office.company.id, { role: 'agent', name: 'Alex Kim' })).credentials,
    );
    otherAdmin = await t.signIn(other.staff.credentials);
  });

  describe('the list', () => {
    it('starts every new company with the contract’s defaults, in order, for any staff member', async () => {
      const fresh = await createCompany(t.db);
      const rows = await t.db
        .select({ name: leadSources.name })
        .from(leadSources)
        .where(eq(leadSources.companyId, fresh.id));
      // The migration's trigger and DEFAULT_LEAD_SOURCES are kept equal by this test.
      expect(rows.map((row) => row.name).sort()).toEqual([...DEFAULT_LEAD_SOURCES].sort());

      const items = await list(agent);
      expect(items.slice(0, DEFAULT_LEAD_SOURCES.length)).toEqual(
        DEFAULT_LEAD_SOURCES.map((name) => ({
          _id: expect.any(String),
          name,
          leadCount: 0,
          numberCount: 0,
        })),
      );
    });

    it('counts the leads and numbers of each source', async () => {
      const source = (await add(uniqueName('Craigslist'))).body;
      await createLead(t.db, office.property, { sourceId: source._id });
      await createLead(t.db, office.property, { sourceId: source._id });
      const number = await createPhoneNumber(t.db, office.company.id);
      await t.db
        .update(phoneNumbers)
        .set({ sourceId: source._id })
        .where(eq(phoneNumbers.id, number.id));
      expect((await list()).find((item) => item._id === source._id)).toEqual({
        ...source,
        leadCount: 2,
        numberCount: 1,
      });
      // Added last, listed last: the order they were made in.
      expect((await list()).at(-1)?._id).toBe(source._id);
    });
  });

  describe('admins keep it', () => {
    it('adds a source (201, audited) and refuses the same name in any case (409 naming body.name)', async () => {
      const name = uniqueName('Facebook');
      const added = await add(name);
      expect(added.status).toBe(201);
      expect(added.body).toEqual({ _id: expect.any(String), name, leadCount: 0, numberCount: 0 });
      const [row] = await auditRows('lead_source.changed', added.body._id);
      expect(row).toMatchObject({
        actorName: 'Dana Whitfield',
        targetType: 'lead_source',
        before: null,
        after: { name },
      });

      const duplicate = await add(`  ${name.toUpperCase()} `);
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.error.code).toBe('LEAD_SOURCE_EXISTS');
      expect(duplicate.body.error.details).toEqual([
        { path: 'body.name', message: 'A source with this name already exists' },
      ]);
    });

    it('takes a name of 1 to 60 characters and refuses an empty or longer one (400)', async () => {
      expect((await add('x'.repeat(60))).status).toBe(201);
      for (const name of ['   ', 'y'.repeat(61)]) {
        const refused = await add(name);
        expect(refused.status).toBe(400);
        expect(refused.body.error.details?.map((detail) => detail.path)).toEqual(['body.name']);
      }
    });

    it('renames a source (audited with the old name), also to another case of its own name', async () => {
      const source = (await add(uniqueName('Instagram'))).body;
      const newName = uniqueName('Instagram ads');
      const renamed = await call<LeadSource>('PATCH', apiPaths.leadSource(source._id), admin, {
        name: newName,
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.name).toBe(newName);
      expect(
        (
          await call<LeadSource>('PATCH', apiPaths.leadSource(source._id), admin, {
            name: newName.toLowerCase(),
          })
        ).body.name,
      ).toBe(newName.toLowerCase());
      const rows = await auditRows('lead_source.changed', source._id);
      expect(rows.map((row) => [row.before, row.after])).toEqual(
        expect.arrayContaining([[{ name: source.name }, { name: newName }]]),
      );

      // Another source's name, in any case, is taken.
      const taken = await call('PATCH', apiPaths.leadSource(source._id), admin, {
        name: 'zILLOW',
      });
      expect(taken.status).toBe(409);
      expect(taken.body.error.details?.[0]?.path).toBe('body.name');
    });

    it('lets an agent read the list but not add, rename or merge (403)', async () => {
      expect((await list(agent)).length).toBeGreaterThan(0);
      const [first, second] = await list();
      expect((await add(uniqueName('Agent source'), agent)).status).toBe(403);
      expect(
        (await call('PATCH', apiPaths.leadSource(first!._id), agent, { name: 'Agent rename' }))
          .status,
      ).toBe(403);
      expect(
        (
          await call('POST', apiPaths.leadSourceMerge(first!._id), agent, {
            intoSourceId: second!._id,
          })
        ).status,
      ).toBe(403);
      expect((await list()).slice(0, 2)).toEqual([first, second]);
    });

    it("keeps each company's list to itself: another company's source is 404", async () => {
      const ours = (await add(uniqueName('Ours'))).body;
      const theirs = (await add(uniqueName('Theirs'), otherAdmin)).body;
      expect((await list(otherAdmin)).map((item) => item._id)).not.toContain(ours._id);
      // The same name is free in another company.
      expect((await add(ours.name, otherAdmin)).status).toBe(201);

      expect(
        (await call('PATCH', apiPaths.leadSource(ours._id), otherAdmin, { name: 'Hijacked' }))
          .status,
      ).toBe(404);
      const merges = [
        [ours._id, theirs._id, admin],
        [theirs._id, ours._id, admin],
        [ours._id, theirs._id, otherAdmin],
      ] as const;
      for (const [from, into, as] of merges) {
        expect(
          (await call('POST', apiPaths.leadSourceMerge(from), as, { intoSourceId: into })).status,
        ).toBe(404);
      }
      expect(
        (await call('PATCH', apiPaths.leadSource(randomUUID()), admin, { name: 'Nobody' })).status,
      ).toBe(404);
      expect((await list()).find((item) => item._id === ours._id)?.name).toBe(ours.name);
    });
  });

  describe('merging', () => {
    it('moves the source’s leads and numbers to the other, removes it and says so in the audit row', async () => {
      const from = (await add(uniqueName('Zillow.com'))).body;
      const into = (await add(uniqueName('Zillow rentals'))).body;
      const moved = [
        await createLead(t.db, office.property, { sourceId: from._id }),
        await createLead(t.db, office.property, { sourceId: from._id }),
      ];
      const staying = await createLead(t.db, office.property, { sourceId: into._id });
      const number = await createPhoneNumber(t.db, office.company.id);
      await t.db
        .update(phoneNumbers)
        .set({ sourceId: from._id })
        .where(eq(phoneNumbers.id, number.id));

      const merged = await call<LeadSource>('POST', apiPaths.leadSourceMerge(from._id), admin, {
        intoSourceId: into._id,
      });
      expect(merged.status).toBe(200);
      expect(merged.body).toEqual({ ...into, leadCount: 3, numberCount: 1 });
      const sourceOf = async (leadId: string) =>
        (await t.db.select().from(leads).where(eq(leads.id, leadId)))[0]!.sourceId;
      for (const lead of [...moved, staying]) expect(await sourceOf(lead.id)).toBe(into._id);
      const [numberRow] = await t.db
        .select()
        .from(phoneNumbers)
        .where(eq(phoneNumbers.id, number.id));
      expect(numberRow!.sourceId).toBe(into._id);
      expect((await list()).map((item) => item._id)).not.toContain(from._id);

      const [row] = await auditRows('lead_source.changed', from._id).then((rows) =>
        rows.filter((entry) => entry.before !== null),
      );
      expect(row).toMatchObject({
        before: { name: from.name },
        after: { mergedInto: into.name, movedLeads: 2, movedNumbers: 1 },
      });

      // Gone: it can be merged no more.
      expect(
        (await call('POST', apiPaths.leadSourceMerge(from._id), admin, { intoSourceId: into._id }))
          .status,
      ).toBe(404);
    });

    it('refuses to merge a source into itself (400) and changes nothing', async () => {
      const source = (await add(uniqueName('Yelp'))).body;
      const lead = await createLead(t.db, office.property, { sourceId: source._id });
      const refused = await call('POST', apiPaths.leadSourceMerge(source._id), admin, {
        intoSourceId: source._id,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.details?.[0]?.path).toBe('body.intoSourceId');
      const notAnId = await call('POST', apiPaths.leadSourceMerge(source._id), admin, {
        intoSourceId: 'zillow',
      });
      expect(notAnId.status).toBe(400);
      expect((await list()).find((item) => item._id === source._id)?.leadCount).toBe(1);
      const [row] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
      expect(row!.sourceId).toBe(source._id);
    });
  });

  describe("a lead's source", () => {
    const setSource = (leadId: string, sourceId: string | null, as = agent) =>
      call<LeadSourceResponse>('PUT', apiPaths.leadSourceOfLead(leadId), as, { sourceId });
    const paneOf = async (lead: { propertyId: string; pmsLeadId: string }) =>
      (await call<Lead>('GET', apiPaths.lead(lead.propertyId, lead.pmsLeadId))).body;

    it('is set and cleared by any staff member, shown in the pane and audited with the names', async () => {
      const [zillow, apartments] = await list();
      const lead = await createLead(t.db, office.property);
      expect((await paneOf(lead)).source).toBeNull();

      const set = await setSource(lead.id, zillow!._id);
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ source: { _id: zillow!._id, name: zillow!.name } });
      expect((await paneOf(lead)).source).toEqual({ _id: zillow!._id, name: zillow!.name });

      expect((await setSource(lead.id, apartments!._id)).body.source?.name).toBe(apartments!.name);
      expect((await setSource(lead.id, null)).body).toEqual({ source: null });
      expect((await paneOf(lead)).source).toBeNull();

      const rows = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'lead.updated'), eq(auditLog.leadId, lead.id)));
      expect(rows.map((row) => [row.actorName, row.before, row.after])).toEqual([
        ['Alex Kim', { source: null }, { source: zillow!.name }],
        ['Alex Kim', { source: zillow!.name }, { source: apartments!.name }],
        ['Alex Kim', { source: apartments!.name }, { source: null }],
      ]);
      // The same source again changes nothing.
      await setSource(lead.id, null);
      expect(
        await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'lead.updated'), eq(auditLog.leadId, lead.id))),
      ).toHaveLength(3);
    });

    it("refuses another company's source (404) or lead (403), an unknown one and a bad id", async () => {
      const [ours] = await list();
      const [theirs] = await list(otherAdmin);
      const lead = await createLead(t.db, office.property);
      expect((await setSource(lead.id, ours!._id)).status).toBe(200);

      const foreignSource = await setSource(lead.id, theirs!._id);
      expect(foreignSource.status).toBe(404);
      expect(foreignSource.body.error.message).toBe('Source not found.');
      expect((await setSource(lead.id, randomUUID())).status).toBe(404);
      expect((await setSource(randomUUID(), ours!._id)).status).toBe(404);
      const theirLead = await createLead(t.db, other.property);
      expect((await setSource(theirLead.id, ours!._id)).status).toBe(403);
      expect((await setSource(theirLead.id, theirs!._id, otherAdmin)).status).toBe(200);
      const bad = await call('PUT', apiPaths.leadSourceOfLead(lead.id), agent, {
        sourceId: 'Zillow',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details?.[0]?.path).toBe('body.sourceId');
      expect((await paneOf(lead)).source?._id).toBe(ours!._id);
    });
  });

  describe("a number's source", () => {
    const setNumberSource = (numberId: string, sourceId: string | null, as = admin) =>
      call<CompanyNumber>('PATCH', apiPaths.number(numberId), as, { sourceId });

    it('is set by an admin (audited) and listed with the number', async () => {
      const [zillow] = await list();
      const number = await createPhoneNumber(t.db, office.company.id);
      const set = await setNumberSource(number.id, zillow!._id);
      expect(set.status).toBe(200);
      expect(set.body.source).toEqual({ _id: zillow!._id, name: zillow!.name });
      const numbers = (await call<CompanyNumber[]>('GET', apiPaths.numbers)).body;
      expect(numbers.find((item) => item._id === number.id)?.source?.name).toBe(zillow!.name);
      expect((await setNumberSource(number.id, null)).body.source).toBeNull();
      const rows = await auditRows('number.source_changed', number.id);
      expect(rows.map((row) => [row.before, row.after])).toEqual([
        [
          { number: number.e164, source: null },
          { number: number.e164, source: zillow!.name },
        ],
        [
          { number: number.e164, source: zillow!.name },
          { number: number.e164, source: null },
        ],
      ]);
    });

    it("refuses an agent (403), another company's source or number (404)", async () => {
      const [ours] = await list();
      const [theirs] = await list(otherAdmin);
      const number = await createPhoneNumber(t.db, office.company.id);
      expect((await setNumberSource(number.id, ours!._id)).status).toBe(200);
      expect((await setNumberSource(number.id, null, agent)).status).toBe(403);
      expect((await setNumberSource(number.id, theirs!._id)).status).toBe(404);
      expect((await setNumberSource(number.id, ours!._id, otherAdmin)).status).toBe(404);
      const [row] = await t.db.select().from(phoneNumbers).where(eq(phoneNumbers.id, number.id));
      expect(row!.sourceId).toBe(ours!._id);
    });
  });
});
