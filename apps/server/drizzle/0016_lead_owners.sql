ALTER TYPE "public"."event_type" ADD VALUE 'OWNER_CHANGED';--> statement-breakpoint
CREATE TABLE "assignment_agents" (
	"property_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_assigned_at" timestamp with time zone,
	CONSTRAINT "assignment_agents_property_id_user_id_pk" PRIMARY KEY("property_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "assignment_rules" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"round_robin" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assignment_agents" ADD CONSTRAINT "assignment_agents_property_id_assignment_rules_property_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."assignment_rules"("property_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_agents" ADD CONSTRAINT "assignment_agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_rules" ADD CONSTRAINT "assignment_rules_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_rules" ADD CONSTRAINT "assignment_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_agents_user_idx" ON "assignment_agents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "leads_owner_inbox_idx" ON "leads" USING btree ("owner_user_id","decision_open" DESC NULLS FIRST,"last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "leads"."owner_user_id" is not null;--> statement-breakpoint
CREATE INDEX "leads_company_owner_kind_inbox_idx" ON "leads" USING btree ("company_id","owner_kind","decision_open" DESC NULLS FIRST,"last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);