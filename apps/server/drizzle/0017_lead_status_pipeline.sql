ALTER TYPE "public"."event_type" ADD VALUE 'LEAD_STATUS_CHANGE';--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'DECISION_REOPENED';--> statement-breakpoint
CREATE TABLE "lost_reasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "office_decision_outcome" text;--> statement-breakpoint
ALTER TABLE "lost_reasons" ADD CONSTRAINT "lost_reasons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lost_reasons_company_name_unique" ON "lost_reasons" USING btree ("company_id",lower("name")) WHERE "lost_reasons"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "lost_reasons_company_idx" ON "lost_reasons" USING btree ("company_id");--> statement-breakpoint
-- hand-written: every company starts with the default lost reasons (DEFAULT_LOST_REASONS in
-- packages/contract/src/lead-status.ts; a test keeps the two lists equal), in this order.
CREATE FUNCTION seed_lost_reasons(company uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO lost_reasons (company_id, name, created_at, updated_at)
  SELECT company, reason.name, now() + reason.position * interval '1 microsecond', now()
  FROM unnest(ARRAY['Chose another community', 'Price', 'No response', 'Did not qualify',
                    'Moved elsewhere', 'Other']) WITH ORDINALITY AS reason(name, position);
$$;--> statement-breakpoint
CREATE FUNCTION companies_seed_lost_reasons() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seed_lost_reasons(NEW.id);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER companies_seed_lost_reasons AFTER INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_seed_lost_reasons();--> statement-breakpoint
SELECT seed_lost_reasons(id) FROM companies;--> statement-breakpoint
-- hand-written backfill: a lead someone already wrote to was contacted; one with a tour has it
-- scheduled (a tour already past stays TOUR_SCHEDULED: the pane asks how it went).
UPDATE leads SET status = 'CONTACTED', status_changed_at = now()
WHERE status = 'NEW' AND EXISTS (
  SELECT 1 FROM conversation_events e
  WHERE e.lead_id = leads.id AND e.event_type IN ('SMS', 'EMAIL') AND e.sender_type <> 'LEAD'
);--> statement-breakpoint
UPDATE leads SET status = 'TOUR_SCHEDULED', status_changed_at = now()
WHERE status IN ('NEW', 'CONTACTED') AND tour_date_utc IS NOT NULL;
