import { describe, expect, it } from 'vitest';
import { apiPaths, type InboxPage } from '@leasing/contract';
import {
  createConversationEvent,
  createLead,
  createOffice,
  createSentSms,
} from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

describe.each(oneDatabase())("the inbox row's 'Failed' badge on $name", (target) => {
  const s = useTestApp(target, { seed: 'none' });

  it('is set exactly when our newest message to the lead failed, whatever the lead said since', async () => {
    const { property, staff } = await createOffice(s.db);
    const token = await s.signIn(staff.credentials);
    const failedLast = await createLead(s.db, property);
    await createSentSms(s.db, failedLast, { minutesAgo: 30 });
    await createSentSms(s.db, failedLast, { minutesAgo: 20, sendingStatus: 'FAILED' });
    // The lead's own reply after it does not make our failed message go through.
    await createConversationEvent(s.db, failedLast, { date: new Date(Date.now() - 10 * 60_000) });

    const retried = await createLead(s.db, property);
    await createSentSms(s.db, retried, { minutesAgo: 20, sendingStatus: 'FAILED' });
    await createSentSms(s.db, retried, { minutesAgo: 10 });

    const quiet = await createLead(s.db, property);
    await createConversationEvent(s.db, quiet);

    const inbox = await s.request<InboxPage>('GET', `${apiPaths.inbox}?limit=50`, { as: token });
    expect(inbox.status).toBe(200);
    const failed = Object.fromEntries(
      inbox.body.items.map((item) => [item._id, item.lastMessageFailed]),
    );
    expect(failed).toEqual({ [failedLast.id]: true, [retried.id]: false, [quiet.id]: false });
  });
});

describe.each(oneDatabase())("the inbox's 'Failed' filter on $name", (target) => {
  const s = useTestApp(target, { seed: 'none' });

  it("lists only the company's leads whose newest message of ours failed", async () => {
    const { property, staff } = await createOffice(s.db);
    const token = await s.signIn(staff.credentials);
    const failedLast = await createLead(s.db, property);
    await createSentSms(s.db, failedLast, { minutesAgo: 20, sendingStatus: 'FAILED' });
    const retried = await createLead(s.db, property);
    await createSentSms(s.db, retried, { minutesAgo: 20, sendingStatus: 'FAILED' });
    await createSentSms(s.db, retried, { minutesAgo: 10 });
    const delivered = await createLead(s.db, property);
    await createSentSms(s.db, delivered, { minutesAgo: 5 });
    // Another company's lead whose message failed too: never in this company's inbox.
    const other = await createOffice(s.db);
    const elsewhere = await createLead(s.db, other.property);
    await createSentSms(s.db, elsewhere, { minutesAgo: 5, sendingStatus: 'FAILED' });

    const ids = async (query: string) => {
      const inbox = await s.request<InboxPage>('GET', `${apiPaths.inbox}?${query}`, { as: token });
      expect(inbox.status).toBe(200);
      return inbox.body.items.map((item) => item._id).sort();
    };
    // The positive control: without the filter every lead of the company is listed.
    expect(await ids('limit=50')).toEqual([failedLast.id, retried.id, delivered.id].sort());
    expect(await ids('filter=failed&limit=50')).toEqual([failedLast.id]);
    // With another filter it narrows further, as every filter does.
    expect(await ids('filter=failed,decision&limit=50')).toEqual([]);
  });
});
