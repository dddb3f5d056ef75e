ALTER TABLE "calls" ALTER COLUMN "call_sid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "agent_number" text;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;