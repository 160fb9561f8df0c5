ALTER TABLE "companies" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "establishments" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "participants_updated_idx" ON "participants" USING btree ("updated_at","id");--> statement-breakpoint
-- Every update of a row the FHIR API serves gives it a new version and a new last-updated instant,
-- whoever writes it (the portal's screens, the integration API, a bulk load): meta.versionId, the ETag
-- and _lastUpdated searches read them. The instant is the transaction's: what one transaction changed
-- shares it.
CREATE FUNCTION fhir_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  NEW.updated_at := now();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER participants_fhir_touch BEFORE UPDATE ON participants
  FOR EACH ROW EXECUTE FUNCTION fhir_touch();
--> statement-breakpoint
CREATE TRIGGER establishments_fhir_touch BEFORE UPDATE ON establishments
  FOR EACH ROW EXECUTE FUNCTION fhir_touch();
--> statement-breakpoint
CREATE TRIGGER companies_fhir_touch BEFORE UPDATE ON companies
  FOR EACH ROW EXECUTE FUNCTION fhir_touch();
--> statement-breakpoint
CREATE TRIGGER groups_fhir_touch BEFORE UPDATE ON groups
  FOR EACH ROW EXECUTE FUNCTION fhir_touch();
