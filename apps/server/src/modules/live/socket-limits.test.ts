import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  socketEvents,
  type NewConversationAnnouncement,
  type NewConversationDelivery,
} from '@leasing/contract';
import type { ConversationEventRow, LeadRow } from '../../db/schema/index.js';
import { createConversationEvent, createLead, createOffice } from '../../test/factories.js';
import { createSocketOpener, recordAll, until } from '../../test/sockets.js';
import { useTestApp } from '../../test/use-test-app.js';
import { oneDatabase } from '../../test/test-app.js';

describe.each(oneDatabase())('socket request limits ($name)', (target) => {
  const t = useTestApp(target, { listen: true, env: { SOCKET_REQUESTS_PER_MINUTE: '2' } });
  const sockets = createSocketOpener();
  let token: string;
  let userId: string;
  let companyId: string;
  let lead: LeadRow;
  let events: ConversationEventRow[];

  beforeAll(async () => {
    const office = await createOffice(t.db);
    companyId = office.company.id;
    lead = await createLead(t.db, office.property);
    events = [];
    for (let i = 0; i < 3; i += 1) events.push(await createConversationEvent(t.db, lead));
    token = await t.signIn(office.staff.credentials);
    userId = office.staff.user.id;
  });
  afterAll(() => sockets.closeAll());

  const connected = () => sockets.open(t.url, token);
  const ask = (socket: Socket, event: ConversationEventRow) => {
    const answered = until<NewConversationDelivery>(
      socket,
      socketEvents.newConversationForUser(userId),
    );
    socket.emit(socketEvents.getNewConversation, { eventID: event.id, userID: userId, time: 1 });
    return answered;
  };

  it('answers a socket up to its budget, then leaves its requests unanswered', async () => {
    const socket = await connected();
    expect((await ask(socket, events[0]!)).events[0]!._id).toBe(events[0]!.id);
    expect((await ask(socket, events[1]!)).events[0]!._id).toBe(events[1]!.id);
    const heard = recordAll(socket);
    socket.emit(socketEvents.getNewConversation, {
      eventID: events[2]!.id,
      userID: userId,
      time: 1,
    });
    // A fresh socket of the same user is answered for the same event meanwhile: the server
    // would have answered the first one by now.
    const other = await connected();
    expect((await ask(other, events[2]!)).events[0]!._id).toBe(events[2]!.id);
    // A message announced to the company after that reaches the first socket too, after any
    // answer it would have had.
    const announced = until<NewConversationAnnouncement>(
      socket,
      socketEvents.newConversation(companyId),
    );
    const sent = await t.request<{ _id: string }>('POST', `/api/leads/${lead.id}/sms`, {
      as: token,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: `--x\r\nContent-Disposition: form-data; name="text"\r\n\r\nAfter the budget.\r\n--x--\r\n`,
    });
    expect(sent.status).toBe(200);
    expect((await announced).eventID).toBe(sent.body._id);
    // (Its sending statuses are announced later on: what came after the announcement is not read.)
    const announcedAt = heard.findIndex(
      ({ payload }) =>
        (payload as NewConversationAnnouncement | undefined)?.eventID === sent.body._id,
    );
    expect(heard.slice(0, announcedAt + 1)).toEqual([
      {
        event: socketEvents.newConversation(companyId),
        payload: { eventID: sent.body._id, leadID: lead.id },
      },
    ]);
  });
});
