-- hand-written
-- The console explains texts turned off from the lead's SMS consent record alone ("Texts are off:
-- Noah replied STOP on Nov 20"). Leads whose STOP came before consent records were kept (0023)
-- get the record of that text; a lead who already has an SMS record keeps its own history.
INSERT INTO consent_changes (company_id, lead_id, channel, status, source, timeline_event_id,
                             message, occurred_at)
SELECT l.company_id, l.id, 'SMS', 'OPT_OUT', 'sms_keyword', e.id, e.body, e.date
FROM leads AS l
JOIN LATERAL (
  SELECT c.id, c.body, c.date FROM conversation_events AS c
  WHERE c.lead_id = l.id AND c.sender_type = 'LEAD'
    AND c.data -> 'optStatusChange' ->> 'status' = 'OPT_OUT'
  ORDER BY c.date DESC, c.id DESC LIMIT 1
) AS e ON true
WHERE l.phone_opt_status = 'OPT_OUT'
  AND NOT EXISTS (
    SELECT 1 FROM consent_changes AS k WHERE k.lead_id = l.id AND k.channel = 'SMS'
  );
