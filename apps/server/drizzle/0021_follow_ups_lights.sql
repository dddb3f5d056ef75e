CREATE TABLE "first_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"conversation_event_id" uuid NOT NULL,
	"first_inbound_at" timestamp with time zone NOT NULL,
	"first_response_at" timestamp with time zone NOT NULL,
	"responder_kind" text NOT NULL,
	"responder_user_id" uuid,
	"responder_api_key_id" uuid,
	"business_minutes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "first_responses_conversationEventId_unique" UNIQUE("conversation_event_id")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "first_reply_target_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "follow_up_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "awaiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "speed_to_lead_notified_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "needs_reply" boolean GENERATED ALWAYS AS (coalesce(last_message_from_lead and case last_message_channel when 'SMS' then phone_opt_status <> 'OPT_OUT' when 'EMAIL' then email_opt_status <> 'OPT_OUT' else true end, false)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "office_hours" jsonb;--> statement-breakpoint
ALTER TABLE "first_responses" ADD CONSTRAINT "first_responses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_responses" ADD CONSTRAINT "first_responses_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_responses" ADD CONSTRAINT "first_responses_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_responses" ADD CONSTRAINT "first_responses_conversation_event_id_conversation_events_id_fk" FOREIGN KEY ("conversation_event_id") REFERENCES "public"."conversation_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_responses" ADD CONSTRAINT "first_responses_responder_user_id_users_id_fk" FOREIGN KEY ("responder_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "first_responses_company_idx" ON "first_responses" USING btree ("company_id","first_response_at");--> statement-breakpoint
CREATE INDEX "first_responses_lead_idx" ON "first_responses" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "leads_company_awaiting_idx" ON "leads" USING btree ("company_id","decision_open" DESC NULLS FIRST,"last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE needs_reply;--> statement-breakpoint
CREATE INDEX "leads_property_awaiting_idx" ON "leads" USING btree ("property_id","decision_open" DESC NULLS FIRST,"last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE needs_reply;--> statement-breakpoint
CREATE INDEX "leads_follow_up_due_idx" ON "leads" USING btree ("follow_up_at") WHERE follow_up_at is not null and follow_up_notified_at is null;--> statement-breakpoint
-- hand-written
-- The inbox trigger (0004, 0007) now also keeps the lights' columns, so no writer can forget them:
-- `awaiting_since` is the oldest lead message since our last message (null once we answer); a lead
-- message clears a pending follow-up (the lead is back in 'Needs reply' at once); and the reply that
-- ends a waiting stretch is recorded in first_responses (who answered and the office-hours minutes
-- are added by the speed-to-lead subscriber).
CREATE OR REPLACE FUNCTION conversation_events_touch_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Backfill: the oldest lead message after our newest message, for leads waiting now.
UPDATE leads AS l SET awaiting_since = (
  SELECT min(e.date) FROM conversation_events AS e
  WHERE e.lead_id = l.id AND e.event_type IN ('SMS', 'EMAIL', 'CALL') AND e.sender_type = 'LEAD'
    AND e.date > coalesce((
      SELECT max(o.date) FROM conversation_events AS o
      WHERE o.lead_id = l.id AND o.event_type IN ('SMS', 'EMAIL', 'CALL') AND o.sender_type <> 'LEAD'
    ), '-infinity')
)
WHERE l.last_message_from_lead;
