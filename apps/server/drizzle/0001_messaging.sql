CREATE TABLE "sandbox_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"event_id" uuid,
	"channel" text NOT NULL,
	"from" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"media_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"raw" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sending_slots" (
	"sender" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_events" ADD COLUMN "sent_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "conversation_events" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "conversation_events" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "conversation_events" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "conversation_events" ADD COLUMN "provider_error_code" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "sms_number" text;--> statement-breakpoint
ALTER TABLE "sandbox_outbox" ADD CONSTRAINT "sandbox_outbox_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_outbox" ADD CONSTRAINT "sandbox_outbox_event_id_conversation_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."conversation_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_outbox_company_created_idx" ON "sandbox_outbox" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_events_idempotency_unique" ON "conversation_events" USING btree ("company_id","idempotency_key") WHERE "conversation_events"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_events_provider_message_unique" ON "conversation_events" USING btree ("provider_message_id") WHERE "conversation_events"."provider_message_id" is not null;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_smsNumber_unique" UNIQUE("sms_number");