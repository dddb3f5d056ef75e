CREATE TYPE "public"."lead_owner_kind" AS ENUM('unassigned', 'user', 'assistant');--> statement-breakpoint
CREATE TYPE "public"."lead_status" AS ENUM('NEW', 'CONTACTED', 'TOUR_SCHEDULED', 'TOURED', 'APPLIED', 'LEASED', 'LOST');--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "owner_kind" "lead_owner_kind" DEFAULT 'unassigned' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "owner_user_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "owner_name" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "status" "lead_status" DEFAULT 'NEW' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "follow_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_user_check" CHECK (("leads"."owner_kind" = 'user') = ("leads"."owner_user_id" is not null));