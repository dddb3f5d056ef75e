ALTER TABLE "unmatched_messages" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "unmatched_messages" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "unmatched_messages" ADD COLUMN "resolved_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "unmatched_messages" ADD COLUMN "resolved_by_name" text;--> statement-breakpoint
ALTER TABLE "unmatched_messages" ADD COLUMN "lead_id" uuid;--> statement-breakpoint
ALTER TABLE "unmatched_messages" ADD CONSTRAINT "unmatched_messages_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_messages" ADD CONSTRAINT "unmatched_messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unmatched_messages_company_open_idx" ON "unmatched_messages" USING btree ("company_id") WHERE "unmatched_messages"."resolution" is null;