ALTER TABLE "api_keys" ADD COLUMN "scopes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
-- Keys made before scopes existed keep every power they had: nothing that worked stops working.
UPDATE "api_keys" SET "scopes" = ARRAY['leads:read', 'events:write', 'messages:send', 'links:create', 'act-as']::text[];
