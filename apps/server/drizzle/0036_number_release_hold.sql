CREATE TABLE "phone_number_releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"e164" text NOT NULL,
	"company_id" uuid NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"released_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_number_releases" ADD CONSTRAINT "phone_number_releases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_number_releases" ADD CONSTRAINT "phone_number_releases_released_by_user_id_users_id_fk" FOREIGN KEY ("released_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_number_releases_e164_idx" ON "phone_number_releases" USING btree ("e164","released_at");--> statement-breakpoint
CREATE INDEX "phone_number_releases_company_idx" ON "phone_number_releases" USING btree ("company_id","registered_at");--> statement-breakpoint
-- hand-written
-- The webhook delivery log kept the first 500 characters of a receiver's answer; it now keeps
-- only the status code (`HTTP 500`). Older attempts lose the answer too.
UPDATE "webhook_delivery_attempts" SET "error" = substring("error" from '^HTTP [0-9]+') WHERE "error" ~ '^HTTP [0-9]+: ';--> statement-breakpoint
UPDATE "webhook_deliveries" SET "last_error" = substring("last_error" from '^HTTP [0-9]+') WHERE "last_error" ~ '^HTTP [0-9]+: ';
