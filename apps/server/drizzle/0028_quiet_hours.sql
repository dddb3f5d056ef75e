ALTER TABLE "companies" ADD COLUMN "quiet_hours_start" text DEFAULT '08:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "quiet_hours_end" text DEFAULT '21:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "quiet_hours_state_rules" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "quiet_hours_allow_send_now" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "time_zone" text;