-- The inbox columns of leads, kept once per INSERT statement instead of once per row: a bulk insert
-- (the seed's 10,000-event history, an import) updates each lead once, not once per event.
-- Ties on date go to the greatest id, as in the inbox order and the 0004 backfill.
CREATE OR REPLACE FUNCTION conversation_events_touch_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE leads AS l SET
    last_activity_at = greatest(l.last_activity_at, a.newest_at),
    last_message_at = CASE WHEN m.date >= coalesce(l.last_message_at, '-infinity')
      THEN m.date ELSE l.last_message_at END,
    last_message_channel = CASE WHEN m.date >= coalesce(l.last_message_at, '-infinity')
      THEN m.event_type::text ELSE l.last_message_channel END,
    last_message_preview = CASE WHEN m.date >= coalesce(l.last_message_at, '-infinity')
      THEN left(coalesce(nullif(m.body, ''), m.subject, ''), 160) ELSE l.last_message_preview END,
    last_message_from_lead = CASE WHEN m.date >= coalesce(l.last_message_at, '-infinity')
      THEN m.sender_type = 'LEAD' ELSE l.last_message_from_lead END,
    last_inbound_at = CASE WHEN a.newest_inbound_at IS NOT NULL
      THEN greatest(coalesce(l.last_inbound_at, a.newest_inbound_at), a.newest_inbound_at)
      ELSE l.last_inbound_at END
  FROM (
    SELECT lead_id, max(date) AS newest_at,
      max(date) FILTER (WHERE event_type IN ('SMS', 'EMAIL', 'CALL') AND sender_type = 'LEAD')
        AS newest_inbound_at
    FROM new_events GROUP BY lead_id
  ) AS a
  LEFT JOIN (
    SELECT DISTINCT ON (lead_id) lead_id, date, event_type, body, subject, sender_type
    FROM new_events WHERE event_type IN ('SMS', 'EMAIL', 'CALL')
    ORDER BY lead_id, date DESC, id DESC
  ) AS m ON m.lead_id = a.lead_id
  WHERE l.id = a.lead_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER conversation_events_touch_lead ON conversation_events;
--> statement-breakpoint
DROP FUNCTION conversation_events_touch_lead();
--> statement-breakpoint
CREATE TRIGGER conversation_events_touch_leads AFTER INSERT ON conversation_events
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION conversation_events_touch_leads();
