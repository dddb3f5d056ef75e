CREATE TABLE "opt_outs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"channel" "consent_channel" NOT NULL,
	"address" text NOT NULL,
	"lead_id" uuid,
	"source" "consent_source",
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "opt_outs" ADD CONSTRAINT "opt_outs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opt_outs" ADD CONSTRAINT "opt_outs_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "opt_outs_company_address_idx" ON "opt_outs" USING btree ("company_id","channel","address");--> statement-breakpoint
-- hand-written
-- Today's opt-outs join the register: each opted-out lead's phone (stored E.164) and email (lower
-- case), once per company, dated by the lead's latest opt-out record when there is one.
INSERT INTO opt_outs (company_id, channel, address, lead_id, source, occurred_at)
SELECT DISTINCT ON (o.company_id, o.channel, o.address)
       o.company_id, o.channel::consent_channel, o.address, o.lead_id, k.source,
       coalesce(k.occurred_at, now())
FROM (
  SELECT company_id, 'SMS' AS channel, phone AS address, id AS lead_id FROM leads
  WHERE phone_opt_status = 'OPT_OUT' AND phone IS NOT NULL AND phone <> ''
  UNION ALL
  SELECT company_id, 'EMAIL', lower(trim(email)), id FROM leads
  WHERE email_opt_status = 'OPT_OUT' AND email IS NOT NULL AND trim(email) <> ''
) AS o
LEFT JOIN LATERAL (
  SELECT c.source, c.occurred_at FROM consent_changes AS c
  WHERE c.lead_id = o.lead_id AND c.channel::text = o.channel AND c.status = 'OPT_OUT'
  ORDER BY c.occurred_at DESC LIMIT 1
) AS k ON true
ORDER BY o.company_id, o.channel, o.address, k.occurred_at DESC NULLS LAST
ON CONFLICT DO NOTHING;
