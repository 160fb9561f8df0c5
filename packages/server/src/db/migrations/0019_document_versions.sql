CREATE TABLE "fhir_binaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"client_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "documents_list_idx";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "available_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "visible_at" timestamp with time zone GENERATED ALWAYS AS (greatest(created_at, coalesce(available_from, created_at))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "advice_sheets" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "advice_sheets" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "fhir_binaries_created_idx" ON "fhir_binaries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "documents_updated_idx" ON "documents" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "documents_list_idx" ON "documents" USING btree ("participant_id","category","active","visible_at" DESC NULLS LAST);--> statement-breakpoint
-- hand-written:
-- The documents the FHIR API serves (DocumentReference: medical documents, advice sheets and
-- data-protection documents) get a new version and last-updated instant on every update, as migration
-- 0015 does for participants and organisations (fhir_touch). A participant opening a medical document
-- only clears its `unread` flag: that is no change of the document for the back office, and would
-- otherwise bump the version under a client's If-Match. PostgreSQL refuses a whole-row reference in a
-- trigger's WHEN on a table with generated columns, hence the comparison inside the function; the
-- generated visible_at is not yet computed in a BEFORE trigger, so it is left out of it.
CREATE FUNCTION documents_fhir_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(OLD) - 'unread' - 'visible_at' - 'version' - 'updated_at')
      IS DISTINCT FROM (to_jsonb(NEW) - 'unread' - 'visible_at' - 'version' - 'updated_at') THEN
    NEW.version := OLD.version + 1;
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_fhir_touch BEFORE UPDATE ON documents
  FOR EACH ROW EXECUTE FUNCTION documents_fhir_touch();
--> statement-breakpoint
CREATE TRIGGER advice_sheets_fhir_touch BEFORE UPDATE ON advice_sheets
  FOR EACH ROW EXECUTE FUNCTION fhir_touch();
--> statement-breakpoint
CREATE TRIGGER legal_documents_fhir_touch BEFORE UPDATE ON legal_documents
  FOR EACH ROW EXECUTE FUNCTION fhir_touch();
