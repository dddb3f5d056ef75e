CREATE TABLE "login_known_addresses" (
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"last_sign_in_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_known_addresses_email_ip_pk" PRIMARY KEY("email","ip")
);
