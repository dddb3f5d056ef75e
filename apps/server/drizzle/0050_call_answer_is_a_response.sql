-- hand-written
-- A call through the console is the team's response only once somebody answered it. The inbox
-- trigger (0007, 0021, 0031, 0035) skips the insert of a console call placed by staff
-- (`data.direction = 'outbound'`, written with the insert) until its outcome is `answered`; a
-- failed, busy or unanswered call neither stops the lead's speed-to-lead clock nor counts as the
-- first response. When a call's outcome becomes `answered`:
-- - outbound: the call counts as the agent's response, dated when it was placed;
-- - inbound: the caller's call already made the lead wait (its insert is the lead's); the answer
--   is the team's response, dated when the call came in (answered live; no one person: a
--   forwarding number picked up). The report facts count both the same way.
CREATE OR REPLACE FUNCTION conversation_events_touch_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM touch_leads_with(ARRAY(
    SELECT e::conversation_events FROM new_events AS e
    WHERE (e.sending_status IS NULL OR e.sending_status::text NOT IN ('SCHEDULED', 'CANCELED'))
      -- coalesce: most events have no senderVerified, and a NULL here would drop them.
      AND NOT coalesce(e.sender_type = 'LEAD' AND e.data->>'senderVerified' = 'false'
                       AND NOT e.data ? 'senderConfirmed', false)
      AND NOT coalesce(e.event_type::text = 'CALL' AND e.data->>'direction' = 'outbound'
                       AND e.data->>'outcome' IS DISTINCT FROM 'answered', false)
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION conversation_events_touch_leads_on_call_answered() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  answer conversation_events := NEW;
BEGIN
  IF NEW.data->>'direction' = 'inbound' THEN
    answer.sender_type := 'USER';
    answer.sent_by_user_id := NULL;
  END IF;
  PERFORM touch_leads_with(ARRAY[answer]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER conversation_events_touch_leads_on_call_answered AFTER UPDATE OF data ON conversation_events
  FOR EACH ROW WHEN (NEW.event_type::text = 'CALL' AND NEW.data->>'direction' IN ('inbound', 'outbound')
                     AND NEW.data->>'outcome' = 'answered'
                     AND OLD.data->>'outcome' IS DISTINCT FROM 'answered')
  EXECUTE FUNCTION conversation_events_touch_leads_on_call_answered();
