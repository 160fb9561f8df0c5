CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer,
	"participant_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"checkup_in_progress" boolean DEFAULT false NOT NULL,
	"cardiologist" text,
	"internist" text,
	"gynecologist" text,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"details" jsonb,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "account_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"session_id" text,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"send_count" smallint DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "secret_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_fr" text NOT NULL,
	"question_en" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"second_factor_required" boolean NOT NULL,
	"second_factor_confirmed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"login" text NOT NULL,
	"password_hash" text,
	"roles" text[] NOT NULL,
	"participant_id" integer,
	"correspondant_id" integer,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"email" text,
	"mobile" text,
	"active" boolean DEFAULT true NOT NULL,
	"english_only" boolean DEFAULT false NOT NULL,
	"locked_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"previous_login_at" timestamp with time zone,
	"secret_question_id" integer,
	"secret_answer_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkups" (
	"id" serial PRIMARY KEY NOT NULL,
	"participant_id" integer NOT NULL,
	"establishment_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"group_id" integer,
	"checkup_type_id" integer,
	"state" text NOT NULL,
	"first_appointment_date" date,
	"closing_date" date,
	"billing_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkups_state_check" CHECK ("checkups"."state" in ('IN_PROGRESS', 'CLOSED', 'INVOICED'))
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"checkup_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"type_label" text NOT NULL,
	"visit_order" smallint,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"expected_duration_minutes" integer,
	"state_label" text,
	"state_colour" text,
	CONSTRAINT "visits_checkup_slot_key" UNIQUE NULLS NOT DISTINCT("checkup_id","kind","visit_order"),
	CONSTRAINT "visits_order_check" CHECK (("visits"."kind" = 'VISIT' and "visits"."visit_order" between 1 and 3) or ("visits"."kind" <> 'VISIT' and "visits"."visit_order" is null))
);
--> statement-breakpoint
CREATE TABLE "correspondants" (
	"id" serial PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"civility_id" integer,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"landline" text,
	"mobile" text,
	"fax" text,
	"email" text,
	"job_title" text,
	"scope_level" text NOT NULL,
	"establishment_id" integer,
	"company_id" integer,
	"group_id" integer,
	"role_admin" boolean DEFAULT false NOT NULL,
	"role_billing" boolean DEFAULT false NOT NULL,
	"role_mailing" boolean DEFAULT false NOT NULL,
	"can_save" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "correspondants_scope_check" CHECK (("correspondants"."scope_level" = 'ETABLISSEMENT' and "correspondants"."establishment_id" is not null and "correspondants"."company_id" is not null)
        or ("correspondants"."scope_level" = 'ENTREPRISE' and "correspondants"."company_id" is not null)
        or ("correspondants"."scope_level" = 'GROUPEMENT' and "correspondants"."group_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "document_attachment_contents" (
	"attachment_id" integer PRIMARY KEY NOT NULL,
	"mime_type" text DEFAULT 'application/pdf' NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "document_attachments_kind_check" CHECK ("document_attachments"."kind" in ('EXTRACIEM', 'LS'))
);
--> statement-breakpoint
CREATE TABLE "document_contents" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"mime_type" text DEFAULT 'application/pdf' NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"label" text NOT NULL,
	"label_en" text,
	"name_display_mode" text DEFAULT 'NOM_DOCUMENT' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "document_types_category_check" CHECK ("document_types"."category" in ('MEDICO_TECHNIQUE', 'CONS_MEDICAL', 'CONSULT_GYN', 'COURRIER'))
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"participant_id" integer NOT NULL,
	"checkup_id" integer,
	"checkup_year" smallint NOT NULL,
	"category" text NOT NULL,
	"document_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"label" text,
	"name_display_mode" text,
	"created_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"unread" boolean DEFAULT true NOT NULL,
	CONSTRAINT "documents_category_check" CHECK ("documents"."category" in ('MEDICO_TECHNIQUE', 'CONS_MEDICAL', 'CONSULT_GYN', 'COURRIER'))
);
--> statement-breakpoint
CREATE TABLE "enum_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"namespace" text NOT NULL,
	"label" text NOT NULL,
	"label_en" text,
	"code" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"extra" jsonb
);
--> statement-breakpoint
CREATE TABLE "legal_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"label" text NOT NULL,
	"label_en" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"mime_type" text,
	"content" "bytea"
);
--> statement-breakpoint
CREATE TABLE "mutations" (
	"id" serial PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"author_user_id" integer,
	"author_name" text NOT NULL,
	"participant_id" integer NOT NULL,
	"source_establishment_id" integer NOT NULL,
	"source_company_id" integer NOT NULL,
	"source_group_id" integer,
	"destination_establishment_id" integer NOT NULL,
	"destination_company_id" integer NOT NULL,
	"destination_group_id" integer,
	"reason_id" integer,
	"movement_type_id" integer,
	"state" text DEFAULT 'IN_PROGRESS' NOT NULL,
	"in_progress" boolean GENERATED ALWAYS AS (state = 'IN_PROGRESS') STORED NOT NULL,
	"checkup_in_progress" boolean DEFAULT false NOT NULL,
	"takeover_requested" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_user_id" integer,
	CONSTRAINT "mutations_state_check" CHECK ("mutations"."state" in ('IN_PROGRESS', 'ACCEPTED', 'CANCELLED')),
	CONSTRAINT "mutations_distinct_ends_check" CHECK ("mutations"."source_establishment_id" <> "mutations"."destination_establishment_id"),
	CONSTRAINT "mutations_closed_check" CHECK (("mutations"."state" = 'IN_PROGRESS') = ("mutations"."closed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"group_id" integer,
	"siren" varchar(9),
	"insee" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "establishment_checkup_types" (
	"establishment_id" integer NOT NULL,
	"checkup_type_id" integer NOT NULL,
	CONSTRAINT "establishment_checkup_types_establishment_id_checkup_type_id_pk" PRIMARY KEY("establishment_id","checkup_type_id")
);
--> statement-breakpoint
CREATE TABLE "establishments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"siret" varchar(14),
	"termination_date" date,
	"geo_line1" text,
	"geo_line2" text,
	"geo_line3" text,
	"geo_street_number" text,
	"geo_street_type_id" integer,
	"geo_street_name" text,
	"geo_line5" text,
	"geo_postal_code" varchar(10),
	"geo_locality" text,
	"geo_country_id" integer,
	"billing_line1" text,
	"billing_line2" text,
	"billing_line3" text,
	"billing_street_number" text,
	"billing_street_type_id" integer,
	"billing_street_name" text,
	"billing_line5" text,
	"billing_postal_code" varchar(10),
	"billing_locality" text,
	"billing_country_id" integer,
	"billing_same_as_geo" boolean DEFAULT true NOT NULL,
	"manager_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "managers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"telephone" text,
	"email" text,
	"standard" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "outbox_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"outbox_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"civility_id" integer,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"phonetic_name" text,
	"maiden_name" text,
	"birth_date" date NOT NULL,
	"gender_id" integer,
	"profession" text,
	"practice_country_id" integer,
	"origin_id" integer,
	"category_id" integer,
	"checkup_type_id" integer,
	"next_checkup_date" date,
	"appointment_management_id" integer,
	"periodicity_id" integer,
	"info4" text,
	"membership_date" date,
	"first_membership_date" date,
	"termination_date" date,
	"termination_reason_id" integer,
	"address_line1" text,
	"address_line2" text,
	"address_line3" text,
	"address_street_number" text,
	"address_street_type_id" integer,
	"address_street_name" text,
	"address_line5" text,
	"address_postal_code" varchar(10),
	"address_locality" text,
	"address_country_id" integer,
	"use_establishment_address" boolean DEFAULT false NOT NULL,
	"landline" text,
	"mobile" text,
	"email" text,
	"secretary_phone" text,
	"contact_civility_id" integer,
	"contact_last_name" text,
	"contact_first_name" text,
	"contact_email" text,
	"contact_landline" text,
	"contact_mobile" text,
	"contact_job_title" text,
	"transfer_in_progress" boolean DEFAULT false NOT NULL,
	"checkup_in_progress" boolean DEFAULT false NOT NULL,
	"locked_by_external_system" boolean DEFAULT false NOT NULL,
	"dmc_status" text DEFAULT 'NONE' NOT NULL,
	"withdrawal_agreement" boolean DEFAULT false NOT NULL,
	"last_mammogram_date" date,
	"english_only" boolean DEFAULT false NOT NULL,
	"establishment_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"group_id" integer,
	"company_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participants_dmc_status_check" CHECK ("participants"."dmc_status" in ('ACCEPTED', 'REFUSED', 'NONE'))
);
--> statement-breakpoint
CREATE TABLE "advice_sheet_contents" (
	"sheet_id" integer PRIMARY KEY NOT NULL,
	"mime_type" text DEFAULT 'application/pdf' NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advice_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_correspondant_id_correspondants_id_fk" FOREIGN KEY ("correspondant_id") REFERENCES "public"."correspondants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_secret_question_id_secret_questions_id_fk" FOREIGN KEY ("secret_question_id") REFERENCES "public"."secret_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkups" ADD CONSTRAINT "checkups_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkups" ADD CONSTRAINT "checkups_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkups" ADD CONSTRAINT "checkups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkups" ADD CONSTRAINT "checkups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_checkup_id_checkups_id_fk" FOREIGN KEY ("checkup_id") REFERENCES "public"."checkups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correspondants" ADD CONSTRAINT "correspondants_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correspondants" ADD CONSTRAINT "correspondants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correspondants" ADD CONSTRAINT "correspondants_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_attachment_contents" ADD CONSTRAINT "document_attachment_contents_attachment_id_document_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."document_attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_attachments" ADD CONSTRAINT "document_attachments_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_contents" ADD CONSTRAINT "document_contents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_checkup_id_checkups_id_fk" FOREIGN KEY ("checkup_id") REFERENCES "public"."checkups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_document_type_id_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."document_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_parent_id_legal_documents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."legal_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutations" ADD CONSTRAINT "mutations_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutations" ADD CONSTRAINT "mutations_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutations" ADD CONSTRAINT "mutations_source_establishment_id_establishments_id_fk" FOREIGN KEY ("source_establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutations" ADD CONSTRAINT "mutations_source_company_id_companies_id_fk" FOREIGN KEY ("source_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutations" ADD CONSTRAINT "mutations_source_group_id_groups_id_fk" FOREIGN KEY ("source_group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutations" ADD CONSTRAINT "mutations_destination_establishment_id_establishments_id_fk" FOREIGN KEY ("destination_establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutations" ADD CONSTRAINT "mutations_destination_company_id_companies_id_fk" FOREIGN KEY ("destination_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutations" ADD CONSTRAINT "mutations_destination_group_id_groups_id_fk" FOREIGN KEY ("destination_group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutations" ADD CONSTRAINT "mutations_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_checkup_types" ADD CONSTRAINT "establishment_checkup_types_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishment_checkup_types" ADD CONSTRAINT "establishment_checkup_types_checkup_type_id_enum_items_id_fk" FOREIGN KEY ("checkup_type_id") REFERENCES "public"."enum_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishments" ADD CONSTRAINT "establishments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establishments" ADD CONSTRAINT "establishments_manager_id_managers_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."managers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_attachments" ADD CONSTRAINT "outbox_attachments_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advice_sheet_contents" ADD CONSTRAINT "advice_sheet_contents_sheet_id_advice_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."advice_sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_participant_idx" ON "appointments" USING btree ("participant_id","starts_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_tokens_hash_key" ON "account_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "one_time_codes_session_idx" ON "one_time_codes" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "one_time_codes_user_idx" ON "one_time_codes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_kind_login_key" ON "users" USING btree ("kind","login");--> statement-breakpoint
CREATE INDEX "users_participant_idx" ON "users" USING btree ("participant_id");--> statement-breakpoint
CREATE INDEX "users_correspondant_idx" ON "users" USING btree ("correspondant_id");--> statement-breakpoint
CREATE INDEX "checkups_establishment_idx" ON "checkups" USING btree ("establishment_id","first_appointment_date","state");--> statement-breakpoint
CREATE INDEX "checkups_company_idx" ON "checkups" USING btree ("company_id","first_appointment_date","state");--> statement-breakpoint
CREATE INDEX "checkups_group_idx" ON "checkups" USING btree ("group_id","first_appointment_date","state");--> statement-breakpoint
CREATE INDEX "checkups_participant_idx" ON "checkups" USING btree ("participant_id","closing_date");--> statement-breakpoint
CREATE UNIQUE INDEX "checkups_one_in_progress_key" ON "checkups" USING btree ("participant_id") WHERE "checkups"."state" = 'IN_PROGRESS';--> statement-breakpoint
CREATE INDEX "visits_participant_idx" ON "visits" USING btree ("participant_id","starts_at");--> statement-breakpoint
CREATE INDEX "correspondants_establishment_idx" ON "correspondants" USING btree ("establishment_id","last_name");--> statement-breakpoint
CREATE INDEX "correspondants_company_idx" ON "correspondants" USING btree ("company_id","last_name");--> statement-breakpoint
CREATE INDEX "correspondants_group_idx" ON "correspondants" USING btree ("group_id","last_name");--> statement-breakpoint
CREATE INDEX "document_attachments_document_idx" ON "document_attachments" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "document_types_category_idx" ON "document_types" USING btree ("category");--> statement-breakpoint
CREATE INDEX "documents_list_idx" ON "documents" USING btree ("participant_id","category","active","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "enum_items_namespace_id_key" ON "enum_items" USING btree ("namespace","id");--> statement-breakpoint
CREATE INDEX "enum_items_namespace_sort_idx" ON "enum_items" USING btree ("namespace","sort_order","label");--> statement-breakpoint
CREATE INDEX "legal_documents_parent_idx" ON "legal_documents" USING btree ("parent_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "mutations_one_in_progress_key" ON "mutations" USING btree ("participant_id") WHERE "mutations"."state" = 'IN_PROGRESS';--> statement-breakpoint
CREATE INDEX "mutations_incoming_establishment_idx" ON "mutations" USING btree ("destination_establishment_id","in_progress","requested_at");--> statement-breakpoint
CREATE INDEX "mutations_outgoing_establishment_idx" ON "mutations" USING btree ("source_establishment_id","in_progress","requested_at");--> statement-breakpoint
CREATE INDEX "mutations_incoming_company_idx" ON "mutations" USING btree ("destination_company_id","in_progress","requested_at");--> statement-breakpoint
CREATE INDEX "mutations_outgoing_company_idx" ON "mutations" USING btree ("source_company_id","in_progress","requested_at");--> statement-breakpoint
CREATE INDEX "mutations_incoming_group_idx" ON "mutations" USING btree ("destination_group_id","in_progress","requested_at");--> statement-breakpoint
CREATE INDEX "mutations_outgoing_group_idx" ON "mutations" USING btree ("source_group_id","in_progress","requested_at");--> statement-breakpoint
CREATE INDEX "companies_group_idx" ON "companies" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name");--> statement-breakpoint
CREATE INDEX "establishments_company_idx" ON "establishments" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "establishments_name_idx" ON "establishments" USING btree ("name");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_attachments_outbox_idx" ON "outbox_attachments" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "participants_establishment_list_idx" ON "participants" USING btree ("establishment_id","active","company_name","id");--> statement-breakpoint
CREATE INDEX "participants_company_list_idx" ON "participants" USING btree ("company_id","active","company_name","id");--> statement-breakpoint
CREATE INDEX "participants_group_list_idx" ON "participants" USING btree ("group_id","active","company_name","id");--> statement-breakpoint
CREATE INDEX "participants_last_name_idx" ON "participants" USING btree ("last_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "advice_sheets_list_idx" ON "advice_sheets" USING btree ("active","created_at" DESC NULLS LAST);