CREATE TYPE "public"."staff_role" AS ENUM('admin', 'manager', 'agent');--> statement-breakpoint
CREATE TABLE "phone_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"e164" text NOT NULL,
	"company_id" uuid NOT NULL,
	"added_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_numbers_e164_unique" UNIQUE("e164"),
	CONSTRAINT "phone_numbers_e164_company_unique" UNIQUE("e164","company_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" "staff_role" DEFAULT 'agent' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tokens_valid_after" timestamp with time zone;--> statement-breakpoint
-- Everyone who could already manage the company keeps that power: existing staff become admins.
UPDATE "users" SET "role" = 'admin';--> statement-breakpoint
-- Numbers properties already use are registered to their property's company.
INSERT INTO "phone_numbers" ("e164", "company_id") SELECT "sms_number", "company_id" FROM "properties" WHERE "sms_number" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD CONSTRAINT "phone_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD CONSTRAINT "phone_numbers_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_sms_number_owned_fk" FOREIGN KEY ("sms_number","company_id") REFERENCES "public"."phone_numbers"("e164","company_id") ON DELETE no action ON UPDATE no action;