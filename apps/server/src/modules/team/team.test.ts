import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { and, eq } from 'drizzle-orm';
import type { ConversationEvent, Invitation, OutboxEntry, TeamMember } from '@leasing/contract';
import {
  auditLog,
  companies,
  conversationEvents,
  invitations,
  sandboxOutbox,
} from '../../db/schema/index.js';
import { formatZonedDateTime } from '../../lib/format-zoned.js';
import {
  createLead,
  createOffice,
  createPhoneNumber,
  createUser,
  uniqueEmail,
  type Office,
} from '../../test/factories.js';
import { login, everyDatabase } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { useTestApp, type TestContext } from '../../test/use-test-app.js';
import { waitUntil } from '../../test/wait-until.js';

type ErrorBody = { error: { code: string; message: string; details?: { path: string }[] } };

/** The invite email the sandbox "sent" to `to`, once the system-email worker has sent it. */
const waitForInviteEmail = (ctx: TestContext, token: string, to: string) =>
  waitUntil(
    `the invite email to ${to} is in the outbox`,
    async () => {
      const outbox = await ctx.request<{ items: OutboxEntry[] }>('GET', '/api/outbox', {
        as: token,
      });
      return outbox.body.items.find((item) => item.to === to);
    },
    { timeoutMs: 15_000, intervalMs: 250 },
  );

/** 'Copy invitation link' as `as` (an admin): the token of the fresh link. */
const copyLinkToken = async (ctx: TestContext, as: string, invitationId: string) => {
  const copied = await ctx.request<{ link: string } & ErrorBody>(
    'POST',
    `/api/team/invitations/${invitationId}/link`,
    { as },
  );
  if (copied.status !== 200) throw new Error(`copy link answered ${copied.status}: ${copied.text}`);
  const link = new URL(copied.body.link);
  expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/account/accept-invite');
  return link.searchParams.get('token')!;
};

const auditActions = async (ctx: TestContext, companyId: string, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, action)));

describe.each(everyDatabase())('the team page ($name)', (target) => {
  const clock = createTestClock();
  const ctx = useTestApp(target, { seed: 'none', listen: true, now: clock.now });
  let office: Office;
  let adminToken: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    office = await createOffice(ctx.db);
    adminToken = await ctx.signIn(office.staff.credentials);
  });
  afterAll(() => sockets.forEach((socket) => socket.close()));

  const invite = (body: unknown, as = adminToken) =>
    ctx.request<TeamMember & ErrorBody>('POST', '/api/team/invitations', { as, payload: body });

  it('invites by email; the outbox shows the link masked; the copied link sets the password and signs in', async () => {
    const email = uniqueEmail('invitee');
    const invited = await invite({ email, name: 'Nina Invitee', role: 'manager' });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email, status: 'invited', role: 'manager' });

    const mail = await waitForInviteEmail(ctx, adminToken, email);
    expect(mail.channel).toBe('EMAIL');
    expect(mail.body).toContain('http://localhost:3000/account/accept-invite?token=••••••••\n');
    // The expiry in the console's own format, on the company's clock (not an HTTP date in GMT).
    const [company] = await ctx.db
      .select()
      .from(companies)
      .where(eq(companies.id, office.company.id));
    // The invitation's own expiry as stored, not one worked out again here: a minute may have
    // turned between the two.
    const [invitation] = await ctx.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, invited.body._id));
    const ttlMs = ctx.app.config.auth.inviteTtlHours * 3_600_000;
    expect(
      Math.abs(invitation!.expiresAt.getTime() - (clock.now().getTime() + ttlMs)),
    ).toBeLessThan(60_000);
    expect(mail.body).toContain(
      `The link works once and until ${formatZonedDateTime(invitation!.expiresAt, company!.timeZone)}.`,
    );
    expect(mail.body).not.toContain('GMT');
    expect(mail.invitation).toEqual({ _id: invited.body._id, status: 'pending' });
    // Nor does the stored copy keep it anywhere: no MIME source, no token.
    const [stored] = await ctx.db
      .select()
      .from(sandboxOutbox)
      .where(eq(sandboxOutbox.id, mail._id));
    expect(stored).toMatchObject({ raw: null, signInLink: true, invitationId: invited.body._id });

    // A copied link replaces the one before it: the earlier token is unknown from then on.
    const first = await copyLinkToken(ctx, adminToken, invited.body._id);
    const token = await copyLinkToken(ctx, adminToken, invited.body._id);
    expect((await ctx.request('GET', `/api/invitations/${first}`)).status).toBe(404);
    const copies = await auditActions(ctx, office.company.id, 'user.invitation_link_copied');
    expect(copies.filter((row) => row.targetId === invited.body._id)).toHaveLength(2);
    expect(copies[0]).toMatchObject({ actorUserId: office.staff.user.id, after: { email } });

    const described = await ctx.request<Invitation>('GET', `/api/invitations/${token}`);
    expect(described.status).toBe(200);
    expect(described.body).toMatchObject({
      email,
      name: 'Nina Invitee',
      role: 'manager',
      companyName: office.company.name,
    });

    const short = await ctx.request<ErrorBody>('POST', `/api/invitations/${token}/accept`, {
      payload: { password: 'too-short' },
    });
    expect(short.status).toBe(400);

    const accepted = await ctx.request<{ token: string; user: { email: string; role: string } }>(
      'POST',
      `/api/invitations/${token}/accept`,
      { payload: { password: 'a-long-enough-password' } },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ email, role: 'manager' });
    expect(String(accepted.headers['set-cookie'])).toContain('refresh_token=');
    const me = await ctx.request<{ email: string }>('GET', '/api/me', { as: accepted.body.token });
    expect(me.body.email).toBe(email);

    // The password they chose signs them in; the link does not work twice.
    await login(ctx.app, { email, password: 'a-long-enough-password' });
    const again = await ctx.request('POST', `/api/invitations/${token}/accept`, {
      payload: { password: 'a-long-enough-password' },
    });
    expect(again.status).toBe(410);
    expect((await ctx.request('GET', '/api/invitations/not-a-token')).status).toBe(404);

    const team = await ctx.request<TeamMember[]>('GET', '/api/team', { as: adminToken });
    expect(team.body.find((member) => member.email === email)).toMatchObject({
      status: 'active',
      role: 'manager',
    });
    expect((await auditActions(ctx, office.company.id, 'user.invited')).length).toBeGreaterThan(0);
    const [acceptedRow] = await auditActions(ctx, office.company.id, 'user.invitation_accepted');
    expect(acceptedRow).toMatchObject({
      targetType: 'user',
      actorName: 'Nina Invitee',
      after: { invitationId: invited.body._id, email, role: 'manager' },
    });
    // An accepted invitation gives no more links.
    const late = await ctx.request<ErrorBody>(
      'POST',
      `/api/team/invitations/${invited.body._id}/link`,
      { as: adminToken },
    );
    expect(late.status).toBe(410);
    const listed = await waitForInviteEmail(ctx, adminToken, email);
    expect(listed.invitation?.status).toBe('accepted');
  });

  it('revokes a pending invitation: its link answers like a used one, audited with the address', async () => {
    const email = uniqueEmail('revoked');
    const invited = await invite({ email, name: 'Rex Revoked', role: 'admin' });
    const token = await copyLinkToken(ctx, adminToken, invited.body._id);
    // Positive control: the link works until the admin revokes it.
    expect((await ctx.request('GET', `/api/invitations/${token}`)).status).toBe(200);

    const revoked = await ctx.request<TeamMember[]>(
      'POST',
      `/api/team/invitations/${invited.body._id}/revoke`,
      { as: adminToken },
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.find((member) => member.email === email)).toBeUndefined();

    for (const attempt of [
      await ctx.request<ErrorBody>('GET', `/api/invitations/${token}`),
      await ctx.request<ErrorBody>('POST', `/api/invitations/${token}/accept`, {
        payload: { password: 'a-long-enough-password' },
      }),
      await ctx.request<ErrorBody>('POST', `/api/team/invitations/${invited.body._id}/link`, {
        as: adminToken,
      }),
    ]) {
      expect(attempt.status).toBe(410);
      expect(attempt.body.error.code).toBe('INVITATION_USED');
    }
    expect(
      (
        await ctx.request('POST', '/api/auth/login', {
          payload: { email, password: 'a-long-enough-password' },
        })
      ).status,
    ).toBe(401);
    const [row] = (await auditActions(ctx, office.company.id, 'user.invitation_revoked')).filter(
      (entry) => entry.targetId === invited.body._id,
    );
    expect(row).toMatchObject({
      actorUserId: office.staff.user.id,
      after: { email, reason: 'revoked' },
    });
    // Another company's admin finds no such invitation to revoke or copy.
    const other = await createOffice(ctx.db);
    const otherToken = await ctx.signIn(other.staff.credentials);
    const again = await invite({ email: uniqueEmail('mine'), name: 'Mine', role: 'agent' });
    for (const action of ['revoke', 'link']) {
      const refused = await ctx.request(
        'POST',
        `/api/team/invitations/${again.body._id}/${action}`,
        {
          as: otherToken,
        },
      );
      expect(refused.status).toBe(404);
    }
  });

  it('deactivating a user cancels what they scheduled and the invitations they sent, each audited', async () => {
    await createPhoneNumber(ctx.db, office.company.id);
    const lead = await createLead(ctx.db, office.property);
    const inviter = await createUser(ctx.db, office.company.id, {
      role: 'admin',
      name: 'Ian Inviter',
    });
    const inviterToken = await ctx.signIn(inviter.credentials);
    const schedule = async (as: string, text: string) => {
      const sendAt = new Date(Date.now() + 24 * 3_600_000).toISOString();
      const fields = { leadID: lead.id, text, sendAt };
      const response = await ctx.request<ConversationEvent>('POST', `/api/leads/${lead.id}/sms`, {
        as,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload:
          Object.entries(fields)
            .map(
              ([name, value]) =>
                `--x\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
            )
            .join('') + '--x--\r\n',
      });
      expect(response.status).toBe(200);
      expect(response.body.sendingStatus).toBe('SCHEDULED');
      return response.body._id;
    };
    const theirs = await schedule(inviterToken, 'From Ian, tomorrow');
    const ours = await schedule(adminToken, 'From the other admin, tomorrow');
    const theirInvite = await invite(
      { email: uniqueEmail('ians'), name: 'Ian’s pick', role: 'admin' },
      inviterToken,
    );
    const ourInvite = await invite({ email: uniqueEmail('ours'), name: 'Our pick', role: 'agent' });
    const theirLink = await copyLinkToken(ctx, adminToken, theirInvite.body._id);
    const ourLink = await copyLinkToken(ctx, adminToken, ourInvite.body._id);
    expect((await ctx.request('GET', `/api/invitations/${theirLink}`)).status).toBe(200);

    const response = await ctx.request('POST', `/api/team/${inviter.user.id}/deactivate`, {
      as: adminToken,
    });
    expect(response.status).toBe(200);

    const [canceled, kept] = await Promise.all(
      [theirs, ours].map(
        async (id) =>
          (await ctx.db.select().from(conversationEvents).where(eq(conversationEvents.id, id)))[0]!,
      ),
    );
    expect(canceled).toMatchObject({
      sendingStatus: 'CANCELED',
      data: { canceledReason: 'SENDER_DEACTIVATED', canceledByUserName: office.staff.user.name },
    });
    expect(kept!.sendingStatus).toBe('SCHEDULED');
    const scheduleRows = await auditActions(ctx, office.company.id, 'message.schedule_changed');
    expect(scheduleRows.filter((row) => row.targetId === theirs)).toEqual([
      expect.objectContaining({
        actorUserId: office.staff.user.id,
        after: expect.objectContaining({ change: 'canceled' }),
      }),
    ]);
    expect(scheduleRows.filter((row) => row.targetId === ours)).toEqual([]);

    const gone = await ctx.request<ErrorBody>('GET', `/api/invitations/${theirLink}`);
    expect(gone.status).toBe(410);
    expect((await ctx.request('GET', `/api/invitations/${ourLink}`)).status).toBe(200);
    const revokedRows = await auditActions(ctx, office.company.id, 'user.invitation_revoked');
    expect(revokedRows.filter((row) => row.targetId === theirInvite.body._id)).toEqual([
      expect.objectContaining({
        actorUserId: office.staff.user.id,
        after: { email: theirInvite.body.email, reason: 'inviter_deactivated' },
      }),
    ]);
  });

  it('refuses an email someone already has with a field error on body.email', async () => {
    const taken = await invite({
      email: office.staff.credentials.email.toUpperCase(),
      name: 'Someone',
      role: 'agent',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.details?.map((detail) => detail.path)).toEqual(['body.email']);
  });

  it('never lets the last admin be demoted or deactivated, and records role changes with before/after', async () => {
    const solo = await createOffice(ctx.db);
    const soloToken = await ctx.signIn(solo.staff.credentials);
    const demote = await ctx.request<ErrorBody>('PATCH', `/api/team/${solo.staff.user.id}`, {
      as: soloToken,
      payload: { role: 'agent' },
    });
    expect(demote.status).toBe(409);
    expect(demote.body.error.message).toMatch(/last active admin/);
    const self = await ctx.request<ErrorBody>(
      'POST',
      `/api/team/${solo.staff.user.id}/deactivate`,
      { as: soloToken },
    );
    expect(self.status).toBe(409);

    // A second admin can be demoted (positive control), and then the first is the last again.
    const second = await createUser(ctx.db, solo.company.id, { role: 'admin' });
    const secondToken = await ctx.signIn(second.credentials);
    const demoted = await ctx.request<TeamMember[]>('PATCH', `/api/team/${second.user.id}`, {
      as: soloToken,
      payload: { role: 'agent' },
    });
    expect(demoted.status).toBe(200);
    expect(demoted.body.find((member) => member._id === second.user.id)?.role).toBe('agent');
    const [row] = await auditActions(ctx, solo.company.id, 'user.role_changed');
    expect(row).toMatchObject({
      targetId: second.user.id,
      before: { role: 'admin' },
      after: { role: 'agent' },
      actorUserId: solo.staff.user.id,
    });
    // The demoted admin's token now carries an agent: the team routes refuse it.
    const refused = await ctx.request<ErrorBody>('GET', '/api/team', { as: secondToken });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('User is not permitted');

    // With another admin the solo admin may be demoted; the last one still may not be deactivated.
    const third = await createUser(ctx.db, solo.company.id, { role: 'admin' });
    const thirdToken = await ctx.signIn(third.credentials);
    const last = await ctx.request<ErrorBody>(
      'POST',
      `/api/team/${solo.staff.user.id}/deactivate`,
      {
        as: thirdToken,
      },
    );
    expect(last.status).toBe(200);
    const lastAdmin = await ctx.request<ErrorBody>('PATCH', `/api/team/${third.user.id}`, {
      as: thirdToken,
      payload: { role: 'manager' },
    });
    expect(lastAdmin.status).toBe(409);
  });

  it('deactivation ends the ID token at once, the refresh token and the open socket; reactivation lets them sign in again', async () => {
    const agent = await createUser(ctx.db, office.company.id, { role: 'agent' });
    const session = await login(ctx.app, agent.credentials);
    const socket = connect(ctx.url, {
      path: '/socket.io',
      auth: { token: session.token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) =>
      socket.on('connect', resolve).on('connect_error', reject),
    );
    const disconnected = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    // Positive control: the token works before.
    expect((await ctx.request('GET', '/api/me', { as: session.token })).status).toBe(200);

    const response = await ctx.request<TeamMember[]>(
      'POST',
      `/api/team/${agent.user.id}/deactivate`,
      { as: adminToken },
    );
    expect(response.status).toBe(200);
    expect(response.body.find((member) => member._id === agent.user.id)?.status).toBe(
      'deactivated',
    );

    expect((await ctx.request('GET', '/api/me', { as: session.token })).status).toBe(401);
    const refresh = await ctx.request('POST', '/api/auth/refresh', {
      cookies: { refresh_token: session.refreshCookie },
    });
    expect(refresh.status).toBe(401);
    expect(await disconnected).toBe('io server disconnect');
    const signIn = await ctx.request('POST', '/api/auth/login', { payload: agent.credentials });
    expect(signIn.status).toBe(401);
    expect(await auditActions(ctx, office.company.id, 'user.deactivated')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ targetId: agent.user.id, actorUserId: office.staff.user.id }),
      ]),
    );

    const reactivated = await ctx.request('POST', `/api/team/${agent.user.id}/reactivate`, {
      as: adminToken,
    });
    expect(reactivated.status).toBe(200);
    expect(await auditActions(ctx, office.company.id, 'user.reactivated')).toHaveLength(1);
    // Tokens issued before the deactivation stay dead; a new sign-in (a second later) works.
    expect((await ctx.request('GET', '/api/me', { as: session.token })).status).toBe(401);
    clock.advance(1_100);
    const again = await login(ctx.app, agent.credentials);
    expect((await ctx.request('GET', '/api/me', { as: again.token })).status).toBe(200);
  });

  it('keeps other companies out: their users are not found', async () => {
    const other = await createOffice(ctx.db);
    const response = await ctx.request('POST', `/api/team/${other.staff.user.id}/deactivate`, {
      as: adminToken,
    });
    expect(response.status).toBe(404);
  });
});

describe.each(everyDatabase())('an expired invitation ($name)', (target) => {
  const clock = createTestClock();
  const ctx = useTestApp(target, { seed: 'none', now: clock.now });

  it('is refused once INVITE_TTL_HOURS have passed', async () => {
    const office = await createOffice(ctx.db);
    const adminToken = await ctx.signIn(office.staff.credentials);
    const email = uniqueEmail('late');
    const invited = await ctx.request('POST', '/api/team/invitations', {
      as: adminToken,
      payload: { email, name: 'Late Comer', role: 'agent' },
    });
    expect(invited.status).toBe(201);
    const mail = await waitForInviteEmail(ctx, adminToken, email);
    const token = await copyLinkToken(ctx, adminToken, mail.invitation!._id);
    // Positive control: it works before the expiry.
    expect((await ctx.request('GET', `/api/invitations/${token}`)).status).toBe(200);

    clock.advance(7 * 24 * 3_600_000 + 60_000);
    expect((await ctx.request('GET', `/api/invitations/${token}`)).status).toBe(410);
    const accept = await ctx.request<ErrorBody>('POST', `/api/invitations/${token}/accept`, {
      payload: { password: 'a-long-enough-password' },
    });
    expect(accept.status).toBe(410);
    expect(accept.body.error.code).toBe('INVITATION_EXPIRED');
  });
});
