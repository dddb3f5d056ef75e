ALTER TABLE "sandbox_outbox" ADD COLUMN "sign_in_link" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_outbox" ADD COLUMN "invitation_id" uuid;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_outbox" ADD CONSTRAINT "sandbox_outbox_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written
-- Invitation emails the sandbox kept before this migration: marked as sign-in email (admins only),
-- their link masked and their MIME source (which carries the link too) dropped.
UPDATE sandbox_outbox
SET sign_in_link = true,
    body = regexp_replace(body, '(/account/accept-invite\?token=)[^\s]+', '\1••••••••', 'g'),
    raw = NULL
WHERE event_id IS NULL AND channel = 'EMAIL' AND body LIKE '%/account/accept-invite?token=%';
