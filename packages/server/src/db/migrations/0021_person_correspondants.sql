ALTER TABLE "correspondants" ADD COLUMN "centre_id" text;--> statement-breakpoint
ALTER TABLE "correspondants" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "correspondants_centre_id_idx" ON "correspondants" USING btree ("centre_id");--> statement-breakpoint
CREATE INDEX "correspondants_updated_idx" ON "correspondants" USING btree ("updated_at","id");--> statement-breakpoint
-- hand-written:
-- Correspondants are served as FHIR Person (README "Integration API: resources"): every update gives
-- the row a new version and instant (fhir_touch, migration 0015), and every change goes to the change
-- feed as Person/N (fhir_record_change, migration 0018), whoever writes it (the screens or the API).
CREATE TRIGGER correspondants_fhir_touch BEFORE UPDATE ON correspondants
  FOR EACH ROW EXECUTE FUNCTION fhir_touch();
--> statement-breakpoint
CREATE TRIGGER correspondants_fhir_insert AFTER INSERT ON correspondants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('Person', '', 'id');
--> statement-breakpoint
CREATE TRIGGER correspondants_fhir_update AFTER UPDATE ON correspondants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('Person', '', 'id');
--> statement-breakpoint
CREATE TRIGGER correspondants_fhir_delete AFTER DELETE ON correspondants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('Person', '', 'id');
