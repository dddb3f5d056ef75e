import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** Every company and the zone its days are counted in. */
export const listCompanyZones = async (db: Db) =>
  (
    await db.execute<{ id: string; name: string; time_zone: string }>(
      sql`select id, name, time_zone from companies order by id`,
    )
  ).rows;

/** The company's managers and admins who still wait for this week's email (not turned off). */
export const listDigestRecipients = async (db: Db, companyId: string, weekOf: string) =>
  (
    await db.execute<{ id: string; email: string; name: string; role: string }>(
      sql`select u.id, u.email, u.name, u.role::text as role from users u
      where u.company_id = ${companyId} and u.role in ('manager', 'admin')
        and u.deactivated_at is null
        and not exists (select 1 from report_digest_opt_outs o where o.user_id = u.id)
        and not exists (select 1 from report_digests d where d.user_id = u.id and d.week_of = ${weekOf})
      order by u.email`,
    )
  ).rows;

/** Claims this week's email for the person: true once, whoever else tries. */
export const claimDigest = async (
  db: Db,
  row: { userId: string; companyId: string; weekOf: string },
) =>
  (
    await db.execute(
      sql`insert into report_digests (user_id, week_of, company_id)
      values (${row.userId}, ${row.weekOf}, ${row.companyId})
      on conflict do nothing returning user_id`,
    )
  ).rows.length === 1;

export const isDigestOff = async (db: Db, userId: string) =>
  (await db.execute(sql`select 1 from report_digest_opt_outs where user_id = ${userId}`)).rows
    .length > 0;

export const turnDigestOff = async (db: Db, userId: string, companyId: string) =>
  (
    await db.execute(
      sql`insert into report_digest_opt_outs (user_id, company_id) values (${userId}, ${companyId})
      on conflict do nothing returning user_id`,
    )
  ).rows.length === 1;

export const turnDigestOn = async (db: Db, userId: string) =>
  (
    await db.execute(
      sql`delete from report_digest_opt_outs where user_id = ${userId} returning user_id`,
    )
  ).rows.length === 1;
