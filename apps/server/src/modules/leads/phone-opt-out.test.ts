import { describe, expect, it } from 'vitest';
import { apiPaths, type Lead } from '@leasing/contract';
import { createConversationEvent, createLead, createOffice } from '../../test/factories.js';
import { databaseTargets } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

describe.each(databaseTargets())("the pane's account of texts turned off on $name", (target) => {
  const s = useTestApp(target, { seed: 'none' });

  it('names the STOP text that turned texts off (the latest), and nothing when texts are on or were turned off otherwise', async () => {
    const { property, staff } = await createOffice(s.db);
    const token = await s.signIn(staff.credentials);
    const pane = async (pmsLeadId: string) =>
      (await s.request<Lead>('GET', apiPaths.lead(property.id, pmsLeadId), { as: token })).body;

    const noah = await createLead(s.db, property, { name: 'Noah Kim', phoneOptStatus: 'OPT_OUT' });
    const stop = (date: string, body: string) =>
      createConversationEvent(s.db, noah, {
        body,
        date: new Date(date),
        data: { optStatusChange: { channel: 'phone', status: 'OPT_OUT' } },
      });
    await stop('2026-11-10T15:00:00.000Z', 'stop');
    await stop('2026-11-20T15:00:00.000Z', ' Unsubscribe ');
    await createConversationEvent(s.db, noah, { date: new Date('2026-11-21T15:00:00.000Z') });
    expect((await pane(noah.pmsLeadId)).phoneOptOut).toEqual({
      at: '2026-11-20T15:00:00.000Z',
      word: 'UNSUBSCRIBE',
    });

    // A carrier's 21610 (or an import) turned texts off: no text to quote.
    const byCarrier = await createLead(s.db, property, { phoneOptStatus: 'OPT_OUT' });
    expect((await pane(byCarrier.pmsLeadId)).phoneOptOut).toBeNull();
    // Texts back on after START: the old STOP is history, not the state.
    const back = await createLead(s.db, property, { phoneOptStatus: 'OPT_IN' });
    await createConversationEvent(s.db, back, {
      body: 'STOP',
      data: { optStatusChange: { channel: 'phone', status: 'OPT_OUT' } },
    });
    expect((await pane(back.pmsLeadId)).phoneOptOut).toBeNull();
  });
});
