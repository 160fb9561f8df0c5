CREATE TABLE "integration_assertions" (
	"client_id" text NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "integration_assertions_client_id_jti_pk" PRIMARY KEY("client_id","jti")
);
--> statement-breakpoint
CREATE TABLE "integration_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"scopes" text NOT NULL,
	"jwks" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "integration_clients_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "integration_assertions" ADD CONSTRAINT "integration_assertions_client_id_integration_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."integration_clients"("client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_assertions_expires_idx" ON "integration_assertions" USING btree ("expires_at");