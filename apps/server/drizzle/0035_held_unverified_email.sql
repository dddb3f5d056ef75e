-- hand-written
-- A lead's email whose sender failed verification (`data.senderVerified = false`) is kept on the
-- timeline but is not the lead's reply until a person confirms the sender
-- (`data.senderConfirmed`): the inbox trigger (0007, 0021, 0031) skips such an insert, and counts
-- the message when its confirmation is written, dated when it arrived.
CREATE OR REPLACE FUNCTION conversation_events_touch_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM touch_leads_with(ARRAY(
    SELECT e::conversation_events FROM new_events AS e
    WHERE (e.sending_status IS NULL OR e.sending_status::text NOT IN ('SCHEDULED', 'CANCELED'))
      -- coalesce: most events have no senderVerified, and a NULL here would drop them.
      AND NOT coalesce(e.sender_type = 'LEAD' AND e.data->>'senderVerified' = 'false'
                       AND NOT e.data ? 'senderConfirmed', false)
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION conversation_events_touch_leads_on_confirm() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM touch_leads_with(ARRAY[NEW]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER conversation_events_touch_leads_on_confirm AFTER UPDATE OF data ON conversation_events
  FOR EACH ROW WHEN (OLD.sender_type = 'LEAD' AND OLD.data->>'senderVerified' = 'false'
                     AND NOT OLD.data ? 'senderConfirmed' AND NEW.data ? 'senderConfirmed')
  EXECUTE FUNCTION conversation_events_touch_leads_on_confirm();
