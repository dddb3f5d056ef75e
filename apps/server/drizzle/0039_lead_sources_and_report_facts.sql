CREATE TABLE "lead_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_report_facts" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"first_inbound_at" timestamp with time zone,
	"first_response_at" timestamp with time zone,
	"first_responder_kind" text,
	"first_responder_user_id" uuid,
	"first_response_office_minutes" double precision,
	"contacted_at" timestamp with time zone,
	"tour_scheduled_at" timestamp with time zone,
	"toured_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"leased_at" timestamp with time zone,
	"lost_at" timestamp with time zone,
	"lost_reason" text,
	"tour_outcome" text,
	"touches_before_tour" integer DEFAULT 0 NOT NULL,
	"last_outbound_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "source_id" uuid;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD COLUMN "source_id" uuid;--> statement-breakpoint
ALTER TABLE "lead_sources" ADD CONSTRAINT "lead_sources_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_report_facts" ADD CONSTRAINT "lead_report_facts_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_report_facts" ADD CONSTRAINT "lead_report_facts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_report_facts" ADD CONSTRAINT "lead_report_facts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_report_facts" ADD CONSTRAINT "lead_report_facts_first_responder_user_id_users_id_fk" FOREIGN KEY ("first_responder_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_sources_company_name_unique" ON "lead_sources" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "lead_sources_company_idx" ON "lead_sources" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "lead_report_facts_company_idx" ON "lead_report_facts" USING btree ("company_id","property_id");--> statement-breakpoint
CREATE INDEX "lead_report_facts_first_inbound_idx" ON "lead_report_facts" USING btree ("company_id","first_inbound_at");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_source_id_lead_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."lead_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD CONSTRAINT "phone_numbers_source_id_lead_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."lead_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- hand-written: every company starts with the default lead sources (DEFAULT_LEAD_SOURCES in
-- packages/contract/src/sources.ts; a test keeps the two lists equal).
CREATE FUNCTION seed_lead_sources(company uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO lead_sources (company_id, name, created_at, updated_at)
  SELECT company, source.name, now() + source.position * interval '1 microsecond', now()
  FROM unnest(ARRAY['Zillow', 'Apartments.com', 'Website', 'Website booking', 'Walk-in',
                    'Phone call', 'Referral']) WITH ORDINALITY AS source(name, position)
  ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
CREATE FUNCTION companies_seed_lead_sources() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seed_lead_sources(NEW.id);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER companies_seed_lead_sources AFTER INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_seed_lead_sources();--> statement-breakpoint
SELECT seed_lead_sources(id) FROM companies;
