import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, LeadDraftResponse } from '@leasing/contract';
import type { LeadRow } from '../../db/schema/index.js';
import {
  createConversationEvent,
  createLead,
  createOffice,
  createUser,
} from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

/** Drafts per lead and user: each reads and changes only their own, inside their company. */
describe.each(oneDatabase())('lead drafts ($name)', (target) => {
  const t = useTestApp(target);
  let lead: LeadRow;
  let otherLead: LeadRow;
  let dana: string;
  let priya: string;
  let olivia: string;

  beforeAll(async () => {
    const office = await createOffice(t.db);
    const agent = await createUser(t.db, office.company.id, { role: 'agent' });
    const outside = await createOffice(t.db);
    lead = await createLead(t.db, office.property);
    otherLead = await createLead(t.db, office.property);
    dana = await t.signIn(office.staff.credentials);
    priya = await t.signIn(agent.credentials);
    olivia = await t.signIn(outside.staff.credentials);
  });

  const path = (target: LeadRow) => `/api/leads/${target.id}/draft`;
  const read = (as: string, target = lead) =>
    t.request<LeadDraftResponse & ApiError>('GET', path(target), { as });
  const save = (as: string, payload: unknown, target = lead) =>
    t.request<LeadDraftResponse & ApiError>('PUT', path(target), { as, payload });

  it('saves, reads back, replaces and deletes the caller’s draft', async () => {
    expect((await read(dana)).body).toEqual({ draft: null });
    const event = await createConversationEvent(t.db, lead, { eventType: 'EMAIL', subject: 'Hi' });
    const saved = await save(dana, {
      mode: 'EMAIL',
      text: 'Dear Ava',
      subject: 'Re: Hi',
      replyToEventId: event.id,
      basedOnEventId: event.id,
    });
    expect(saved.status).toBe(200);
    expect((await read(dana)).body.draft).toMatchObject({
      mode: 'EMAIL',
      text: 'Dear Ava',
      subject: 'Re: Hi',
      replyToEventId: event.id,
      basedOnEventId: event.id,
    });
    // Switching to SMS keeps no subject or reply.
    await save(dana, { mode: 'SMS', text: 'Hi Ava', subject: 'ignored', replyToEventId: event.id });
    expect((await read(dana)).body.draft).toMatchObject({
      mode: 'SMS',
      text: 'Hi Ava',
      subject: null,
      replyToEventId: null,
      basedOnEventId: null,
    });
    expect((await t.request('DELETE', path(lead), { as: dana })).status).toBe(204);
    expect((await read(dana)).body.draft).toBeNull();
  });

  it("keeps each user's draft to themselves, and another company's lead answers 404", async () => {
    expect((await save(dana, { mode: 'SMS', text: 'Dana writes' })).status).toBe(200);
    expect((await save(priya, { mode: 'SMS', text: 'Priya writes' })).status).toBe(200);
    expect((await read(dana)).body.draft?.text).toBe('Dana writes');
    expect((await read(priya)).body.draft?.text).toBe('Priya writes');
    // Priya deleting hers leaves Dana's.
    await t.request('DELETE', path(lead), { as: priya });
    expect((await read(priya)).body.draft).toBeNull();
    expect((await read(dana)).body.draft?.text).toBe('Dana writes');

    for (const answer of [
      await read(olivia),
      await save(olivia, { mode: 'SMS', text: 'not mine' }),
      await t.request<ApiError>('DELETE', path(lead), { as: olivia }),
    ]) {
      expect(answer.status).toBe(404);
    }
    expect((await read(dana)).body.draft?.text).toBe('Dana writes');
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    await save(dana, { mode: 'SMS', text: 'Kept' });
    const elsewhere = await createConversationEvent(t.db, otherLead);
    const cases: [unknown, string][] = [
      [{ mode: 'FAX', text: 'x' }, 'body.mode'],
      [{ mode: 'SMS', text: 'x'.repeat(50_001) }, 'body.text'],
      [{ mode: 'SMS', text: 'x', basedOnEventId: elsewhere.id }, 'body.basedOnEventId'],
      [{ mode: 'EMAIL', text: 'x', replyToEventId: elsewhere.id }, 'body.replyToEventId'],
    ];
    for (const [payload, field] of cases) {
      const answer = await save(dana, payload);
      expect(answer.status).toBe(400);
      expect(answer.body.error.details?.map((detail) => detail.path)).toContain(field);
    }
    expect((await read(dana)).body.draft?.text).toBe('Kept');
  });
});
