CREATE TABLE "early_provider_statuses" (
	"provider_message_id" text NOT NULL,
	"provider_status" text NOT NULL,
	"error_code" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "early_provider_statuses_provider_message_id_provider_status_pk" PRIMARY KEY("provider_message_id","provider_status")
);
--> statement-breakpoint
CREATE INDEX "early_provider_statuses_received_idx" ON "early_provider_statuses" USING btree ("received_at");