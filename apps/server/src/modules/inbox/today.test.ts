import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type Today } from '@leasing/contract';
import { eq } from 'drizzle-orm';
import { leads, tours, type LeadRow, type PropertyRow } from '../../db/schema/index.js';
import {
  createConversationEvent,
  createLead,
  createOffice,
  createUser,
  type CreateLeadOptions,
} from '../../test/factories.js';
import { everyDatabase } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { useTestApp } from '../../test/use-test-app.js';

const HOUR = 3_600_000;
/** 10:00 in New York, the test company's zone. */
const MORNING = Date.parse('2026-11-25T15:00:00Z');

describe.each(everyDatabase())('the Today list on $name', (target) => {
  const clock = createTestClock();
  const t = useTestApp(target, { seed: 'none', now: clock.now });
  let property: PropertyRow;
  let alex: { id: string; token: string; credentials: { email: string; password: string } };
  let priya: { id: string; token: string };

  const today = async (as = alex.token) => {
    const response = await t.request<Today>('GET', apiPaths.today, { as });
    expect(response.status).toBe(200);
    return response.body;
  };
  const at = (offsetHours: number) => new Date(clock.now().getTime() + offsetHours * HOUR);
  /** A lead of Alex's (or `owner`'s), last active long ago unless said otherwise. */
  const lead = (name: string, options: CreateLeadOptions = {}, owner: { id: string } = alex) =>
    createLead(t.db, property, {
      name,
      ownerKind: 'user',
      ownerUserId: owner.id,
      ownerName: 'Owner',
      lastActivityAt: at(-100),
      ...options,
    });
  const leadWrote = async (leadRow: LeadRow, hoursAgo: number, channel: 'SMS' | 'EMAIL' = 'SMS') =>
    createConversationEvent(t.db, leadRow, {
      eventType: channel,
      senderType: 'LEAD',
      date: at(-hoursAgo),
    });

  beforeAll(async () => {
    clock.advance(MORNING - Date.now());
    const office = await createOffice(t.db, { company: { timeZone: 'America/New_York' } });
    property = office.property;
    const alexUser = await createUser(t.db, office.company.id, { role: 'agent', name: 'Alex Kim' });
    const priyaUser = await createUser(t.db, office.company.id, { role: 'agent' });
    alex = {
      id: alexUser.user.id,
      token: await t.signIn(alexUser.credentials),
      credentials: alexUser.credentials,
    };
    priya = { id: priyaUser.user.id, token: await t.signIn(priyaUser.credentials) };

    await lead('Decision', { officeDecisionStatus: 'PENDING' });
    await lead('Follow-up due', { followUpAt: at(-1) });
    await leadWrote(await lead('Waiting long'), 5);
    await leadWrote(await lead('Waiting briefly'), 1);
    // Spoke last, but a follow-up set for later puts it aside until then.
    // (A message from the lead clears a follow-up, so this one is set after she wrote.)
    const later = await lead('Later');
    await leadWrote(later, 2);
    await t.db
      .update(leads)
      .set({ followUpAt: at(3) })
      .where(eq(leads.id, later.id));
    // Texted STOP last: no reply is owed.
    await leadWrote(await lead('Opted out', { phoneOptStatus: 'OPT_OUT' }), 2);
    // 23:00 tonight in New York is still today; 10:00 tomorrow is not.
    await lead('Tour tonight', { tourDateUtc: new Date('2026-11-26T04:00:00Z') });
    await lead('Tour tomorrow', { tourDateUtc: new Date('2026-11-26T15:00:00Z') });
    await lead('Toured already', { tourDateUtc: at(-1), status: 'TOURED' });
    // Booked tours: within two hours and not confirmed by the lead, the owner is asked to act.
    const booked = async (name: string, hours: number, confirmed: boolean) => {
      const row = await lead(name, { tourDateUtc: at(hours) });
      await t.db.insert(tours).values({
        companyId: office.company.id,
        propertyId: property.id,
        leadId: row.id,
        kind: 'IN_PERSON',
        startsAt: at(hours),
        endsAt: at(hours + 0.5),
        place: 1,
        source: 'STAFF',
        confirmedAt: confirmed ? at(-1) : null,
      });
    };
    await booked('Tour soon, unconfirmed', 1, false);
    await booked('Tour soon, confirmed', 1.5, true);
    await booked('Tour later, unconfirmed', 3, false);
    await lead('Quiet');
    await lead('Lost', { officeDecisionStatus: 'PENDING', status: 'LOST' });
    await leadWrote(await lead("Priya's", {}, priya), 2);
  });

  it("lists the caller's leads that need action now, most urgent first, with their reasons", async () => {
    const { items, counts } = await today();
    expect(items.map((item) => [item.name, item.reasons])).toEqual([
      ['Decision', ['decision']],
      ['Tour soon, unconfirmed', ['tour_unconfirmed', 'tour_today']],
      ['Follow-up due', ['follow_up_due']],
      ['Waiting long', ['needs_reply']],
      ['Waiting briefly', ['needs_reply']],
      ['Tour soon, confirmed', ['tour_today']],
      ['Tour later, unconfirmed', ['tour_today']],
      ['Tour tonight', ['tour_today']],
    ]);
    expect(counts).toEqual({
      total: 8,
      decision: 1,
      tour_unconfirmed: 1,
      follow_up_due: 1,
      needs_reply: 2,
      tour_today: 4,
    });
  });

  it('brings a lead back when its follow-up comes due', async () => {
    clock.advance(4 * HOUR);
    try {
      // Four hours on, the morning's sign-in has expired: sign in again.
      const { items } = await today(await t.signIn(alex.credentials));
      expect(items.find((item) => item.name === 'Later')?.reasons).toEqual([
        'follow_up_due',
        'needs_reply',
      ]);
    } finally {
      clock.advance(-4 * HOUR);
    }
  });

  it('shows each person only their own leads', async () => {
    const { items } = await today(priya.token);
    expect(items.map((item) => item.name)).toEqual(["Priya's"]);
  });
});
