import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';

export type GeneratedHistory = {
  key: string;
  leadId: string;
  companyId: string;
  leadName: string;
  staffName: string;
  count: number;
  newestAt: Date;
  spacingMinutes: number;
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A long, mixed history (SMS, email, calls with transcripts, intent updates, payments, photos)
 * generated inside the database, so a 10,000-event lead seeds in a moment on PGlite and PostgreSQL.
 * Ids are md5-derived, so they are the same on every machine.
 */
export const insertGeneratedHistory = async (tx: Tx, h: GeneratedHistory) => {
  const photo = JSON.stringify([
    {
      url: '/media/demo/sink-leak.png',
      thumbnailUrl: '/media/demo/sink-leak-thumb.png',
      fileName: 'sink-leak.png',
    },
  ]);
  const transcript = JSON.stringify({
    durationSeconds: 124,
    transcript: [
      { speaker: 'AGENT', text: 'Thanks for calling, how can I help?' },
      { speaker: 'LEAD', text: 'I wanted to ask about the parking options.' },
      { speaker: 'AGENT', text: 'Covered parking is included; a second spot is $45 a month.' },
    ],
  });
  await tx.execute(sql`
    insert into conversation_events
      (id, company_id, lead_id, event_type, date, body, sender_name, sender_type, icon_url, subject,
       sending_status, attachments, data)
    select
      md5(${h.key} || ':' || g.i)::uuid,
      ${h.companyId}::uuid,
      ${h.leadId}::uuid,
      (case g.i % 10 when 3 then 'EMAIL' when 4 then 'EMAIL' when 5 then 'CALL'
        when 6 then 'LEAD_INTENT_UPDATE' when 7 then 'PAYMENT' else 'SMS' end)::event_type,
      ${h.newestAt.toISOString()}::timestamptz
        - ((${h.count}::int - g.i) * ${h.spacingMinutes}::int) * interval '1 minute',
      case g.i % 10
        when 0 then 'Question ' || g.i || ': is amenity #' || (g.i % 17 + 1) || ' open on weekends?'
        when 1 then 'Answer ' || g.i || ': amenity #' || (g.i % 17 + 1) || ' is open daily from 6 AM to 10 PM.'
        when 2 then 'Following up on message ' || g.i || ': anything else I can help with?'
        when 3 then 'Could you send me the lease draft for unit ' || (100 + g.i % 300) || '?'
        when 4 then 'Attached is the lease draft for unit ' || (100 + g.i % 300) || '. Let me know if you have questions.'
        when 5 then 'Inbound call, 2 min 4 s'
        when 6 then 'Lead intent changed to Touring'
        when 7 then 'Payment received: $' || (50 + g.i % 200) || '.00 application fee'
        when 8 then 'Thanks, that works for me.'
        else 'Here is a photo of the issue in the kitchen.'
      end,
      case when g.i % 10 in (6, 7) then null
        when g.i % 10 = 1 then 'Leasing Assistant'
        when g.i % 10 in (2, 4) then ${h.staffName}
        else ${h.leadName} end,
      (case when g.i % 10 in (6, 7) then 'SYSTEM' when g.i % 10 = 1 then 'ASSISTANT'
        when g.i % 10 in (2, 4) then 'USER' else 'LEAD' end)::sender_type,
      case when g.i % 10 = 1 then '/media/demo/assistant.svg' end,
      case when g.i % 10 in (3, 4) then 'Lease draft for unit ' || (100 + g.i % 300) end,
      (case when g.i % 10 in (1, 2, 4) then 'COMPLETED' end)::sending_status,
      case when g.i % 10 = 9 then ${photo}::jsonb else '[]'::jsonb end,
      case g.i % 10
        when 5 then ${transcript}::jsonb
        when 6 then '{"intent":"TOURING"}'::jsonb
        when 7 then jsonb_build_object('amount', 50 + g.i % 200, 'currency', 'USD')
        else '{}'::jsonb end
    from generate_series(1, ${h.count}::int) as g(i)
  `);
};
