import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyNumber } from '@leasing/contract';
import { createOffice, type Office } from '../../test/factories.js';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.js';
import { everyDatabase } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { useTestApp, type TestContext } from '../../test/use-test-app.js';

const DAY = 24 * 60 * 60 * 1000;

type Refusal = {
  error: { code: string; message: string; details: { path: string; message: string }[] };
};

const addNumber = (ctx: TestContext, token: string, number: string) =>
  ctx.request<CompanyNumber & Refusal>('POST', '/api/numbers', { as: token, payload: { number } });

const numbersOf = async (ctx: TestContext, token: string) =>
  (await ctx.request<CompanyNumber[]>('GET', '/api/numbers', { as: token })).body;

const removeNumber = async (ctx: TestContext, token: string, number: string) => {
  const row = (await numbersOf(ctx, token)).find((item) => item.number === number)!;
  return ctx.request('DELETE', `/api/numbers/${row._id}`, { as: token });
};

describe.each(everyDatabase())(
  'the numbers registry with Twilio: ownership, release hold, daily limit ($name)',
  (target) => {
    const clock = createTestClock();
    let fake: FakeTwilio;
    beforeAll(async () => {
      fake = await startFakeTwilio();
    });
    afterAll(() => fake.close());
    const ctx = useTestApp(target, {
      seed: 'none',
      now: clock.now,
      env: () => fake.env('+15125550000'),
    });
    /** Owns the shared number (the first company). */
    let first: Office;
    let alpha: Office;
    let beta: Office;
    const signIn = (office: Office) => ctx.signIn(office.staff.credentials);

    beforeAll(async () => {
      first = await createOffice(ctx.db);
      alpha = await createOffice(ctx.db, { company: { name: 'Alpha Rentals' } });
      beta = await createOffice(ctx.db, { company: { name: 'Beta Homes' } });
    });

    it("refuses a number the deployment's Twilio account does not own, in the words it uses for a taken one", async () => {
      fake.setOwnedNumbers(['+17375550101']);
      const token = await signIn(first);
      const notOurs = await addNumber(ctx, token, '+1 (737) 555-0199');
      expect(notOurs.status).toBe(409);
      expect(notOurs.body.error.code).toBe('NUMBER_UNAVAILABLE');
      expect(notOurs.body.error.details).toEqual([
        { path: 'body.number', message: expect.stringContaining('not one of this deployment') },
      ]);
      // Twilio was asked about that very number.
      expect(fake.numberLookups).toContain('+17375550199');

      // Control: a number the account owns is registered.
      const owned = await addNumber(ctx, token, '+1 (737) 555-0101');
      expect(owned.status).toBe(201);
      expect(owned.body.number).toBe('+17375550101');
      const taken = await addNumber(ctx, await signIn(beta), '+17375550101');
      expect(taken.body).toEqual(notOurs.body);
      expect((await numbersOf(ctx, token)).map((n) => n.number)).not.toContain('+17375550199');
    });

    it('holds a released number 30 days for the company that released it, refusing others without naming it', async () => {
      const held = '+17375550102';
      fake.setOwnedNumbers([held, '+17375550198']);
      let alphaToken = await signIn(alpha);
      let betaToken = await signIn(beta);
      expect((await addNumber(ctx, alphaToken, held)).status).toBe(201);
      expect((await removeNumber(ctx, alphaToken, held)).status).toBe(200);

      clock.advance(DAY);
      alphaToken = await signIn(alpha);
      betaToken = await signIn(beta);
      const refused = await addNumber(ctx, betaToken, held);
      expect(refused.status).toBe(409);
      const said = JSON.stringify(refused.body);
      expect(said).not.toContain('Alpha');
      expect(said).not.toContain(alpha.company.id);
      // The same words as for a number the account does not own at all.
      expect(refused.body).toEqual((await addNumber(ctx, betaToken, '+17375550197')).body);
      expect((await numbersOf(ctx, betaToken)).map((n) => n.number)).not.toContain(held);

      // Control: the company that released it takes it back, and may release it again.
      expect((await addNumber(ctx, alphaToken, held)).status).toBe(201);
      expect((await removeNumber(ctx, alphaToken, held)).status).toBe(200);

      // 30 days after that release, anyone may take it.
      clock.advance(30 * DAY + 60_000);
      betaToken = await signIn(beta);
      const taken = await addNumber(ctx, betaToken, held);
      expect(taken.status).toBe(201);
      expect((await numbersOf(ctx, betaToken)).map((n) => n.number)).toContain(held);
    });

    it('lets a company register 10 numbers a day; the 11th is refused until a day has passed', async () => {
      const office = await createOffice(ctx.db);
      const other = await createOffice(ctx.db);
      const numbers = Array.from({ length: 12 }, (_, i) => `+17375550${300 + i}`);
      fake.setOwnedNumbers([...numbers, '+17375550400']);
      let token = await signIn(office);
      for (const number of numbers.slice(0, 10)) {
        expect((await addNumber(ctx, token, number)).status, number).toBe(201);
      }
      // Releasing one gives no registration back: the limit counts registrations, not numbers.
      expect((await removeNumber(ctx, token, numbers[0]!)).status).toBe(200);
      const eleventh = await addNumber(ctx, token, numbers[10]!);
      expect(eleventh.status).toBe(429);
      expect(eleventh.body.error).toMatchObject({
        code: 'NUMBER_LIMIT',
        details: [{ path: 'body.number', message: expect.stringContaining('10 numbers a day') }],
      });
      expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
      expect((await numbersOf(ctx, token)).map((n) => n.number)).not.toContain(numbers[10]);

      // Control: another company is not held back by it.
      expect((await addNumber(ctx, await signIn(other), '+17375550400')).status).toBe(201);

      clock.advance(DAY + 60_000);
      token = await signIn(office);
      expect((await addNumber(ctx, token, numbers[10]!)).status).toBe(201);
    });
  },
);

describe.each(everyDatabase())('the numbers registry in the sandbox ($name)', (target) => {
  const ctx = useTestApp(target, { seed: 'none' });

  it('takes only test numbers (the 555 exchange, Twilio’s +1 500 555 numbers), none a carrier could give out', async () => {
    const office = await createOffice(ctx.db);
    const token = await ctx.signIn(office.staff.credentials);
    const real = await addNumber(ctx, token, '+1 415 523 8886');
    expect(real.status).toBe(409);
    expect(real.body.error.code).toBe('NUMBER_UNAVAILABLE');
    // Controls: Twilio's magic test number and a fictional 555 number.
    expect((await addNumber(ctx, token, '+15005550001')).status).toBe(201);
    expect((await addNumber(ctx, token, '(619) 555-0123')).status).toBe(201);
    expect((await numbersOf(ctx, token)).map((n) => n.number)).not.toContain('+14155238886');
  });
});
