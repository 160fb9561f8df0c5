CREATE TABLE "participant_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" integer NOT NULL,
	"scope_key" text NOT NULL,
	"file_name" text NOT NULL,
	"rows" jsonb NOT NULL,
	"state" text DEFAULT 'checked' NOT NULL,
	"apply_updates" boolean DEFAULT false NOT NULL,
	"progress" jsonb,
	"outcomes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "participant_imports" ADD CONSTRAINT "participant_imports_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "participant_imports_owner_idx" ON "participant_imports" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "participant_imports_expires_idx" ON "participant_imports" USING btree ("expires_at");