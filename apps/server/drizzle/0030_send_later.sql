ALTER TYPE "public"."sending_status" ADD VALUE 'SCHEDULED';--> statement-breakpoint
ALTER TYPE "public"."sending_status" ADD VALUE 'CANCELED';--> statement-breakpoint
ALTER TABLE "conversation_events" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "conversation_events_lead_scheduled_idx" ON "conversation_events" USING btree ("lead_id") WHERE "conversation_events"."scheduled_at" is not null;