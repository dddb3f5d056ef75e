DROP INDEX "conversation_events_lead_date_idx";--> statement-breakpoint
DROP INDEX "leads_property_activity_idx";--> statement-breakpoint
DROP INDEX "notes_lead_created_idx";--> statement-breakpoint
DROP INDEX "sandbox_outbox_company_created_idx";--> statement-breakpoint
CREATE INDEX "conversation_events_lead_date_idx" ON "conversation_events" USING btree ("lead_id","date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_property_activity_idx" ON "leads" USING btree ("property_id","last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notes_lead_created_idx" ON "notes" USING btree ("lead_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sandbox_outbox_company_created_idx" ON "sandbox_outbox" USING btree ("company_id","created_at" DESC NULLS FIRST);