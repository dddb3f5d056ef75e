import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema/index.js';
import { createOffice } from '../../test/factories.js';
import { until } from '../../test/sockets.js';
import { oneDatabase, login } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { useTestApp } from '../../test/use-test-app.js';
import { SESSION_CHECK_TTL_MS } from './auth.service.js';
import { revokeFamily } from './refresh-tokens.repository.js';

type Credentials = { email: string; password: string };

const cookieOf = (response: { headers: Record<string, unknown> }) => {
  const header = String(response.headers['set-cookie'] ?? '');
  return /refresh_token=([^;]*)/.exec(header)?.[1] ?? '';
};

describe.each(oneDatabase())('sessions ended on the server on $name', (target) => {
  const clock = createTestClock();
  const s = useTestApp(target, {
    seed: 'none',
    now: clock.now,
    env: { SESSION_LIMIT_MINUTES: '60', REFRESH_REUSE_GRACE_SECONDS: '30' },
  });
  let staff: Credentials;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    staff = (await createOffice(s.db)).staff.credentials;
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => sockets.forEach((socket) => socket.close()));

  const refresh = (cookie: string) =>
    s.request<{ token: string }>('POST', '/api/auth/refresh', {
      cookies: { refresh_token: cookie },
    });
  /** The family of a refresh token, looked up the way the server stores it (by hash). */
  const familyOf = async (cookie: string) => {
    const hash = createHash('sha256').update(cookie).digest('hex');
    const [row] = await s.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
    return row?.familyId;
  };
  const logout = (cookie: string) =>
    s.request('POST', '/api/auth/logout', { cookies: { refresh_token: cookie } });
  const open = (token: string) => {
    const socket = connect(url, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    return socket;
  };
  const connected = async (token: string) => {
    const socket = open(token);
    await until(socket, 'connect');
    return socket;
  };

  it('refreshes until SESSION_LIMIT_MINUTES after the sign-in, then refuses', async () => {
    const signedIn = await login(s.app, staff);
    clock.advance(30 * 60_000);
    const halfway = await refresh(signedIn.refreshCookie);
    expect(halfway.status).toBe(200);
    clock.advance(29 * 60_000);
    const late = await refresh(cookieOf(halfway));
    expect(late.status).toBe(200);

    clock.advance(2 * 60_000);
    // 61 minutes after signing in, though the token itself was issued two minutes ago.
    expect((await refresh(cookieOf(late))).status).toBe(401);
    // A fresh sign-in starts a fresh limit.
    expect((await refresh((await login(s.app, staff)).refreshCookie)).status).toBe(200);
  });

  it('hands a rotated token presented again within the grace window the same successor', async () => {
    const { refreshCookie: first } = await login(s.app, staff);
    const rotated = await refresh(first);
    expect(rotated.status).toBe(200);
    clock.advance(10_000);
    const raced = await refresh(first);
    expect(raced.status).toBe(200);
    expect(cookieOf(raced)).toBe(cookieOf(rotated));

    const chain = await s.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, (await familyOf(first))!));
    // One sign-in, one rotation: two tokens, not a second chain.
    expect(chain).toHaveLength(2);
  });

  it('ends every token of the family on logout, and only that family', async () => {
    const { refreshCookie: first } = await login(s.app, staff);
    const second = cookieOf(await refresh(first));
    const otherBrowser = (await login(s.app, staff)).refreshCookie;

    expect((await logout(first)).status).toBe(204);
    expect((await refresh(second)).status).toBe(401);
    expect((await refresh(first)).status).toBe(401);
    expect((await refresh(otherBrowser)).status).toBe(200);
  });

  const me = (token: string) => s.request('GET', '/api/me', { as: token });

  it('refuses the ID token of a signed-out browser at once, and keeps the other browser in', async () => {
    const leaving = await login(s.app, staff);
    const staying = await login(s.app, staff);
    expect((await me(leaving.token)).status).toBe(200);

    expect((await logout(leaving.refreshCookie)).status).toBe(204);
    expect((await me(leaving.token)).status).toBe(401);
    // Control: another sign-in of the same person goes on.
    expect((await me(staying.token)).status).toBe(200);
  });

  it('refuses the ID tokens of a family ended for reuse', async () => {
    const signedIn = await login(s.app, staff);
    const rotated = await refresh(signedIn.refreshCookie);
    const { token } = rotated.body;
    expect((await me(token)).status).toBe(200);
    clock.advance(31_000);
    expect((await refresh(signedIn.refreshCookie)).status).toBe(401);
    expect((await me(token)).status).toBe(401);
    expect((await me(signedIn.token)).status).toBe(401);
  });

  it('learns within SESSION_CHECK_TTL_MS of a sign-in ended by another process', async () => {
    const signedIn = await login(s.app, staff);
    expect((await me(signedIn.token)).status).toBe(200);
    // Another process signs it out: this one's memory is not told.
    await revokeFamily(s.db, (await familyOf(signedIn.refreshCookie))!, clock.now());
    clock.advance(SESSION_CHECK_TTL_MS);
    expect((await me(signedIn.token)).status).toBe(401);
  });

  it("closes the sockets of the browser that signs out, and only that browser's", async () => {
    const leaving = await login(s.app, staff);
    const staying = await login(s.app, staff);
    const leavingSocket = await connected(leaving.token);
    const stayingSocket = await connected(staying.token);

    const closed = until<string>(leavingSocket, 'disconnect');
    expect((await logout(leaving.refreshCookie)).status).toBe(204);
    expect(await closed).toBe('io server disconnect');
    expect(stayingSocket.connected).toBe(true);

    // The signed-out session's token cannot open a new socket either.
    const refused = await new Promise<Error>((resolve) =>
      open(leaving.token).on('connect_error', resolve),
    );
    expect(refused.message).toMatch(/session/i);
    await connected(staying.token);
  });
});
