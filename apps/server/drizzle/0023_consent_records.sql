CREATE TYPE "public"."consent_channel" AS ENUM('SMS', 'EMAIL');--> statement-breakpoint
CREATE TYPE "public"."consent_source" AS ENUM('sms_keyword', 'sms_phrase', 'staff', 'email_one_click', 'integration', 'carrier');--> statement-breakpoint
ALTER TYPE "public"."event_type" ADD VALUE 'CONSENT_CHANGE';--> statement-breakpoint
CREATE TABLE "consent_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"channel" "consent_channel" NOT NULL,
	"status" "opt_status" NOT NULL,
	"source" "consent_source" NOT NULL,
	"timeline_event_id" uuid,
	"message" text,
	"actor_user_id" uuid,
	"actor_api_key_id" uuid,
	"actor_name" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_changes" ADD CONSTRAINT "consent_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_changes" ADD CONSTRAINT "consent_changes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_changes" ADD CONSTRAINT "consent_changes_timeline_event_id_conversation_events_id_fk" FOREIGN KEY ("timeline_event_id") REFERENCES "public"."conversation_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_changes_lead_idx" ON "consent_changes" USING btree ("lead_id","channel","occurred_at" DESC NULLS FIRST);