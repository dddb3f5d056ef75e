import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { apiPaths } from '@leasing/contract';
import { conversationEvents } from '../../db/schema/index.js';
import { createLead, createOffice } from '../../test/factories.js';
import { everyDatabase, login } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

const SENDS = 24;

/**
 * Many texts to one lead at once (a team answering a busy lead, an integration's burst): each
 * send's transaction inserts the message (a foreign-key share lock on the lead), the inbox trigger
 * updates the lead's row, and the pipeline moves its status under a row lock. With a lock that
 * conflicts with the foreign key's (`FOR UPDATE`), two such transactions wait on each other and
 * PostgreSQL kills one ("deadlock detected"). On PostgreSQL the sends really run side by side
 * (a pool of connections); on PGlite they take turns.
 */
describe.each(everyDatabase())('concurrent sends to one lead ($name)', (target) => {
  const t = useTestApp(target, { seed: 'none' });

  it('stores every one of many texts sent to one lead at the same time', async () => {
    const office = await createOffice(t.db, { staff: { name: 'Dana Whitfield' } });
    const lead = await createLead(t.db, office.property, { name: 'Ava Thompson' });
    const { token } = await login(t.app, office.staff.credentials);

    const answers = await Promise.all(
      Array.from({ length: SENDS }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: apiPaths.leadSms(lead.id),
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'multipart/form-data; boundary=x',
          },
          payload:
            `--x\r\ncontent-disposition: form-data; name="leadID"\r\n\r\n${lead.id}\r\n` +
            `--x\r\ncontent-disposition: form-data; name="text"\r\n\r\nburst ${index}\r\n--x--\r\n`,
        }),
      ),
    );

    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(SENDS).fill(200));
    const stored = await t.db
      .select({ body: conversationEvents.body })
      .from(conversationEvents)
      .where(and(eq(conversationEvents.leadId, lead.id), eq(conversationEvents.eventType, 'SMS')));
    expect(new Set(stored.map((row) => row.body))).toEqual(
      new Set(Array.from({ length: SENDS }, (_, index) => `burst ${index}`)),
    );
  });
});
