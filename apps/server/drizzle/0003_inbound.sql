CREATE TYPE "public"."inbound_channel" AS ENUM('SMS', 'EMAIL');--> statement-breakpoint
CREATE TABLE "unmatched_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" "inbound_channel" NOT NULL,
	"company_id" uuid,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text,
	"body" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unmatched_messages_dedupeKey_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
DROP INDEX "conversation_events_provider_message_unique";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "email_bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "email_bounce_reason" text;--> statement-breakpoint
ALTER TABLE "unmatched_messages" ADD CONSTRAINT "unmatched_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unmatched_messages_received_idx" ON "unmatched_messages" USING btree ("received_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "companies_leasing_email_unique" ON "companies" USING btree (lower("registered_leasing_email")) WHERE "companies"."registered_leasing_email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_events_company_provider_message_unique" ON "conversation_events" USING btree ("company_id","provider_message_id") WHERE "conversation_events"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "conversation_events_provider_message_idx" ON "conversation_events" USING btree ("provider_message_id") WHERE "conversation_events"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "leads_phone_idx" ON "leads" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "leads_company_email_idx" ON "leads" USING btree ("company_id",lower("email"));