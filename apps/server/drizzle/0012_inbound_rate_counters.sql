CREATE TABLE "inbound_rate_counters" (
	"key" text NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_rate_counters_key_hour_start_pk" PRIMARY KEY("key","hour_start")
);
