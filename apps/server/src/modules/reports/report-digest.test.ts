import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  apiPaths,
  type ApiError,
  type OutboxEntry,
  type ReportDigestSettings,
} from '@leasing/contract';
import { auditLog } from '../../db/schema/index.js';
import { createLead, createOffice, createUser, type Office } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { useTestApp } from '../../test/use-test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { sendWeeklyDigests } from './index.js';

const ZONE = 'America/New_York';

describe.each(oneDatabase())('the weekly report email on $name', (target) => {
  const clock = createTestClock();
  const t = useTestApp(target, { seed: 'none', now: clock.now });
  let office: Office;
  let manager: { email: string; password: string };
  let quietManager: { email: string; password: string };
  let agent: { email: string; password: string };
  /** Next Monday, 8:00 AM in the company's zone. */
  let monday: DateTime;

  const digestDeps = () => ({
    db: t.db,
    events: t.app.events,
    queue: t.app.queue,
    now: clock.now,
    publicUrl: 'http://localhost:3000',
  });
  const settings = async (credentials: { email: string; password: string }, body?: unknown) =>
    t.request<ReportDigestSettings & ApiError>(body ? 'PUT' : 'GET', apiPaths.reportsDigest, {
      as: await t.signIn(credentials),
      payload: body,
    });
  /** Moves the test clock to `at`. */
  const travelTo = (at: DateTime) => clock.advance(at.toMillis() - clock.now().getTime());

  beforeAll(async () => {
    office = await createOffice(t.db, {
      company: { name: 'Maple Leasing', timeZone: ZONE },
      staff: { name: 'Dana Whitfield', email: `dana-${Date.now()}@example.test` },
    });
    manager = (await createUser(t.db, office.company.id, { role: 'manager', name: 'Morgan Lee' }))
      .credentials;
    quietManager = (
      await createUser(t.db, office.company.id, { role: 'manager', name: 'Quinn Park' })
    ).credentials;
    agent = (await createUser(t.db, office.company.id, { role: 'agent', name: 'Alex Kim' }))
      .credentials;
    await createUser(t.db, office.company.id, {
      role: 'manager',
      name: 'Former Manager',
      deactivatedAt: new Date(),
    });
    const today = DateTime.fromJSDate(clock.now(), { zone: ZONE });
    monday = today.startOf('week').plus({ weeks: 1, hours: 8 });
    // A lead created on the Tuesday of the week the email reports.
    await createLead(t.db, office.property, {
      name: 'Riley Moss',
      createdAt: monday.minus({ days: 6 }).set({ hour: 11 }).toJSDate(),
    });
  });

  it('lets managers and admins turn it off, audited, and tells an agent it is not theirs', async () => {
    expect((await settings(quietManager)).body).toEqual({ eligible: true, weeklyDigest: true });
    const off = await settings(quietManager, { weeklyDigest: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ eligible: true, weeklyDigest: false });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.companyId, office.company.id),
          eq(auditLog.action, 'report_digest.changed'),
        ),
      );
    expect(rows).toMatchObject([{ actorName: 'Quinn Park', after: { weeklyDigest: false } }]);

    expect((await settings(agent)).body).toEqual({ eligible: false, weeklyDigest: false });
    const refused = await settings(agent, { weeklyDigest: true });
    expect(refused.status).toBe(403);
    const bad = await settings(manager, { weeklyDigest: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([
      expect.objectContaining({ path: 'body.weeklyDigest' }),
    ]);
  });

  it('sends it once on Monday from 8:00 AM to each manager and admin who has it on', async () => {
    travelTo(monday.minus({ minutes: 1 }));
    expect(await sendWeeklyDigests(digestDeps())).toBe(0);

    travelTo(monday.plus({ minutes: 30 }));
    // Two processes sweeping at the same moment, then a later sweep: one email each.
    const counts = await Promise.all([
      sendWeeklyDigests(digestDeps()),
      sendWeeklyDigests(digestDeps()),
    ]);
    expect(await sendWeeklyDigests(digestDeps())).toBe(0);
    expect(counts[0]! + counts[1]!).toBe(2);

    const admin = await t.signIn(office.staff.credentials);
    const outbox = await waitUntil(
      'both weekly emails are in the outbox',
      async () => {
        const page = await t.request<{ items: OutboxEntry[] }>('GET', apiPaths.outbox, {
          as: admin,
        });
        const weekly = page.body.items.filter((item) =>
          item.subject?.startsWith('Weekly leasing report'),
        );
        return weekly.length >= 2 ? weekly : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 200 },
    );
    expect(outbox.map((item) => item.to).sort()).toEqual(
      [office.staff.credentials.email, manager.email].sort(),
    );
    const week = `${monday.minus({ days: 7 }).toFormat('LLL d')}`;
    const [first] = outbox;
    expect(first!.subject).toContain(week);
    expect(first!.body).toContain('New leads: 1 (▲ 1 from 0)');
    expect(first!.body).toContain(
      `http://localhost:3000/main/reports?from=${monday.minus({ days: 7 }).toISODate()}&to=${monday.minus({ days: 1 }).toISODate()}`,
    );

    // The next Monday brings the next week's email.
    travelTo(monday.plus({ weeks: 1, minutes: 5 }));
    expect(await sendWeeklyDigests(digestDeps())).toBe(2);
  });
});
