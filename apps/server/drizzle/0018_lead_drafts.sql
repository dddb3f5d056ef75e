CREATE TYPE "public"."draft_mode" AS ENUM('SMS', 'EMAIL');--> statement-breakpoint
CREATE TABLE "lead_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"mode" "draft_mode" NOT NULL,
	"text" text NOT NULL,
	"subject" text,
	"reply_to_event_id" uuid,
	"based_on_event_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_drafts" ADD CONSTRAINT "lead_drafts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_drafts" ADD CONSTRAINT "lead_drafts_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_drafts" ADD CONSTRAINT "lead_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_drafts" ADD CONSTRAINT "lead_drafts_reply_to_event_id_conversation_events_id_fk" FOREIGN KEY ("reply_to_event_id") REFERENCES "public"."conversation_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_drafts" ADD CONSTRAINT "lead_drafts_based_on_event_id_conversation_events_id_fk" FOREIGN KEY ("based_on_event_id") REFERENCES "public"."conversation_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_drafts_lead_user_unique" ON "lead_drafts" USING btree ("lead_id","user_id");