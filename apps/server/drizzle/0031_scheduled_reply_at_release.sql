-- hand-written
-- A scheduled message ('Send later') is not the team's reply until it leaves: the inbox trigger
-- (0007, 0021) no longer counts a SCHEDULED (or CANCELED) insert, and counts the message when its
-- release moves it from SCHEDULED to PENDING (the release's date is the moment it leaves). The
-- trigger's work moves into one function of the touched rows, called by both triggers. (Statuses are
-- compared as text: 0030 added them to the enum, and a fresh database runs both in one transaction.)
CREATE OR REPLACE FUNCTION touch_leads_with(touched conversation_events[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(touched), 0) = 0 THEN
    RETURN;
  END IF;
  WITH new_events AS (SELECT * FROM unnest(touched))
  INSERT INTO first_responses (company_id, property_id, lead_id, conversation_event_id,
                               first_inbound_at, first_response_at, responder_kind, responder_user_id)
  SELECT l.company_id, l.property_id, l.id, r.id, l.awaiting_since, r.date,
         CASE WHEN r.sender_type = 'ASSISTANT' THEN 'assistant' ELSE 'user' END, r.sent_by_user_id
  FROM leads AS l
  JOIN LATERAL (
    SELECT e.id, e.date, e.sender_type, e.sent_by_user_id FROM new_events AS e
    WHERE e.lead_id = l.id AND e.event_type IN ('SMS', 'EMAIL', 'CALL')
      AND e.sender_type IN ('USER', 'ASSISTANT') AND e.date >= l.awaiting_since
    ORDER BY e.date, e.id LIMIT 1
  ) AS r ON true
  WHERE l.id IN (SELECT lead_id FROM new_events) AND l.awaiting_since IS NOT NULL
  ON CONFLICT (conversation_event_id) DO NOTHING;

  WITH new_events AS (SELECT * FROM unnest(touched))
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
      ELSE l.last_inbound_at END,
    awaiting_since = CASE
      WHEN NOT (CASE WHEN m.date >= coalesce(l.last_message_at, '-infinity')
                THEN m.sender_type = 'LEAD' ELSE l.last_message_from_lead END) THEN NULL
      WHEN a.newest_outbound_at >= coalesce(l.awaiting_since, '-infinity') THEN a.inbound_after_outbound
      ELSE coalesce(l.awaiting_since, a.oldest_inbound_at) END,
    follow_up_at = CASE WHEN a.newest_inbound_at IS NOT NULL THEN NULL ELSE l.follow_up_at END,
    follow_up_notified_at = CASE WHEN a.newest_inbound_at IS NOT NULL
      THEN NULL ELSE l.follow_up_notified_at END
  FROM (
    SELECT g.*, (
      SELECT min(e.date) FROM new_events AS e
      WHERE e.lead_id = g.lead_id AND e.event_type IN ('SMS', 'EMAIL', 'CALL')
        AND e.sender_type = 'LEAD' AND e.date > g.newest_outbound_at
    ) AS inbound_after_outbound
    FROM (
      SELECT lead_id, max(date) AS newest_at,
        max(date) FILTER (WHERE event_type IN ('SMS', 'EMAIL', 'CALL') AND sender_type = 'LEAD')
          AS newest_inbound_at,
        min(date) FILTER (WHERE event_type IN ('SMS', 'EMAIL', 'CALL') AND sender_type = 'LEAD')
          AS oldest_inbound_at,
        max(date) FILTER (WHERE event_type IN ('SMS', 'EMAIL', 'CALL') AND sender_type <> 'LEAD')
          AS newest_outbound_at
      FROM new_events GROUP BY lead_id
    ) AS g
  ) AS a
  LEFT JOIN (
    SELECT DISTINCT ON (lead_id) lead_id, date, event_type, body, subject, sender_type
    FROM new_events WHERE event_type IN ('SMS', 'EMAIL', 'CALL')
    ORDER BY lead_id, date DESC, id DESC
  ) AS m ON m.lead_id = a.lead_id
  WHERE l.id = a.lead_id;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION conversation_events_touch_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM touch_leads_with(ARRAY(
    SELECT e::conversation_events FROM new_events AS e
    WHERE e.sending_status IS NULL OR e.sending_status::text NOT IN ('SCHEDULED', 'CANCELED')
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION conversation_events_touch_leads_on_release() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM touch_leads_with(ARRAY[NEW]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER conversation_events_touch_leads_on_release AFTER UPDATE OF sending_status ON conversation_events
  FOR EACH ROW WHEN (OLD.sending_status::text = 'SCHEDULED' AND NEW.sending_status::text = 'PENDING')
  EXECUTE FUNCTION conversation_events_touch_leads_on_release();
