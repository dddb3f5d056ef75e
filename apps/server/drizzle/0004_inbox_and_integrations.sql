CREATE TABLE "lead_reads" (
	"user_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_reads_user_id_lead_id_pk" PRIMARY KEY("user_id","lead_id")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by_user_id" uuid,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_keyHash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_message_channel" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_message_preview" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_message_from_lead" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_inbound_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "decision_open" boolean GENERATED ALWAYS AS (coalesce(office_decision_status = 'PENDING', false)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_reads" ADD CONSTRAINT "lead_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_reads" ADD CONSTRAINT "lead_reads_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_company_idx" ON "api_keys" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "leads_company_inbox_idx" ON "leads" USING btree ("company_id","decision_open" DESC NULLS FIRST,"last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_property_inbox_idx" ON "leads" USING btree ("property_id","decision_open" DESC NULLS FIRST,"last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The inbox columns follow every new event, whoever writes it (staff, webhooks, integrations, seed).
CREATE OR REPLACE FUNCTION conversation_events_touch_lead() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  is_message boolean := NEW.event_type IN ('SMS', 'EMAIL', 'CALL');
BEGIN
  UPDATE leads AS l SET
    last_activity_at = greatest(l.last_activity_at, NEW.date),
    last_message_at = CASE WHEN is_message AND NEW.date >= coalesce(l.last_message_at, '-infinity')
      THEN NEW.date ELSE l.last_message_at END,
    last_message_channel = CASE WHEN is_message AND NEW.date >= coalesce(l.last_message_at, '-infinity')
      THEN NEW.event_type::text ELSE l.last_message_channel END,
    last_message_preview = CASE WHEN is_message AND NEW.date >= coalesce(l.last_message_at, '-infinity')
      THEN left(coalesce(nullif(NEW.body, ''), NEW.subject, ''), 160) ELSE l.last_message_preview END,
    last_message_from_lead = CASE WHEN is_message AND NEW.date >= coalesce(l.last_message_at, '-infinity')
      THEN NEW.sender_type = 'LEAD' ELSE l.last_message_from_lead END,
    last_inbound_at = CASE WHEN is_message AND NEW.sender_type = 'LEAD'
      THEN greatest(coalesce(l.last_inbound_at, NEW.date), NEW.date) ELSE l.last_inbound_at END
  WHERE l.id = NEW.lead_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER conversation_events_touch_lead AFTER INSERT ON conversation_events
  FOR EACH ROW EXECUTE FUNCTION conversation_events_touch_lead();
--> statement-breakpoint
UPDATE leads AS l SET
  last_message_at = m.date,
  last_message_channel = m.event_type::text,
  last_message_preview = left(coalesce(nullif(m.body, ''), m.subject, ''), 160),
  last_message_from_lead = m.sender_type = 'LEAD'
FROM (
  SELECT DISTINCT ON (lead_id) lead_id, date, event_type, body, subject, sender_type
  FROM conversation_events WHERE event_type IN ('SMS', 'EMAIL', 'CALL')
  ORDER BY lead_id, date DESC, id DESC
) AS m
WHERE m.lead_id = l.id;
--> statement-breakpoint
UPDATE leads AS l SET last_inbound_at = i.at
FROM (
  SELECT lead_id, max(date) AS at FROM conversation_events
  WHERE sender_type = 'LEAD' AND event_type IN ('SMS', 'EMAIL', 'CALL')
  GROUP BY lead_id
) AS i
WHERE i.lead_id = l.id;
