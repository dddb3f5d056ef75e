ALTER TABLE "calls" ADD COLUMN "answered_by_name" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "recording_key" text;