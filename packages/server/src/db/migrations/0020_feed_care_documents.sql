-- The change feed (migration 0018) for every resource the integration API serves, the retention sweep's
-- index and the subscriptions' payload content (issue 19). The drizzle part is generated; what follows
-- "-- hand-written:" is not and goes at the end again when the drizzle part is regenerated.
ALTER TABLE "fhir_subscriptions" ADD COLUMN "payload_content" text DEFAULT 'full-resource' NOT NULL;--> statement-breakpoint
CREATE INDEX "fhir_notifications_settled_idx" ON "fhir_notifications" USING btree ("created_at") WHERE "fhir_notifications"."status" <> 'pending';--> statement-breakpoint
ALTER TABLE "fhir_subscriptions" ADD CONSTRAINT "fhir_subscriptions_payload_content_check" CHECK ("fhir_subscriptions"."payload_content" in ('empty', 'id-only', 'full-resource'));
--> statement-breakpoint
-- hand-written:
-- Subscriptions registered without a payload had an empty body: they keep it.
UPDATE fhir_subscriptions SET payload_content = 'empty' WHERE payload IS NULL;
--> statement-breakpoint
-- Updates of a versioned table (its BEFORE UPDATE trigger fhir_touch or documents_fhir_touch gives a row
-- a new version when it changed) enter the feed only for the rows whose version moved: a participant
-- opening a document clears its `unread` flag, which is no change for the back office and keeps the
-- version (migration 0019), so it is no change in the feed either. Same arguments as fhir_record_change;
-- the trigger needs both transition tables, old_rows and new_rows.
CREATE FUNCTION fhir_record_version_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  resource_type text := TG_ARGV[0];
  id_prefix text := coalesce(TG_ARGV[1], '');
  id_column text := coalesce(TG_ARGV[2], 'id');
  recorded integer;
BEGIN
  EXECUTE format(
    'INSERT INTO fhir_changes (resource_type, resource_id, method) SELECT %L, %L || n.%I::text, ''PUT'' '
    'FROM new_rows n JOIN old_rows o ON o.%I = n.%I WHERE n.version IS DISTINCT FROM o.version ORDER BY n.%I',
    resource_type, id_prefix, id_column, id_column, id_column, id_column);
  GET DIAGNOSTICS recorded = ROW_COUNT;
  IF recorded > 0 THEN
    PERFORM pg_notify('portail_fhir_changes', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A row that is part of another table's resource (a document's attachment is a further `content` of its
-- DocumentReference): inserting, changing or deleting it changes that resource, a PUT of the resource
-- named by the key column, whatever the row's own operation. Arguments as fhir_record_change, the key
-- column being the parent's (document_id).
CREATE FUNCTION fhir_record_part_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  resource_type text := TG_ARGV[0];
  id_prefix text := coalesce(TG_ARGV[1], '');
  id_column text := TG_ARGV[2];
  source text := CASE TG_OP WHEN 'DELETE' THEN 'old_rows' ELSE 'new_rows' END;
  recorded integer;
BEGIN
  EXECUTE format(
    'INSERT INTO fhir_changes (resource_type, resource_id, method) SELECT %L, %L || p.key::text, ''PUT'' '
    'FROM (SELECT DISTINCT r.%I AS key FROM %I r) p ORDER BY p.key',
    resource_type, id_prefix, id_column, source);
  GET DIAGNOSTICS recorded = ROW_COUNT;
  IF recorded > 0 THEN
    PERFORM pg_notify('portail_fhir_changes', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The participant's two consents (FHIR Consent dmc-<id> and retr-<id>, consent.resource.ts) live on the
-- participants row: a consent enters the feed when its own columns change, not at every change of the
-- record. The online medical record is a resource once answered (dmc_status not NONE), the withdrawal
-- consent once an answer's instant is kept (withdrawal_agreement_at, migration 0017). A consent that
-- appears is a POST, one that changes a PUT, one that goes (back to NONE, or the row deleted) a DELETE.
-- PostgreSQL refuses transition tables on a trigger with a column list (UPDATE OF ...), hence the
-- comparison here.
CREATE FUNCTION fhir_record_consent_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recorded integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO fhir_changes (resource_type, resource_id, method)
      SELECT 'Consent', c.prefix || '-' || n.id, 'POST'
      FROM new_rows n CROSS JOIN LATERAL (VALUES
        ('dmc', n.dmc_status <> 'NONE'),
        ('retr', n.withdrawal_agreement_at IS NOT NULL)) AS c(prefix, answered)
      WHERE c.answered ORDER BY n.id, c.prefix;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO fhir_changes (resource_type, resource_id, method)
      SELECT 'Consent', c.prefix || '-' || n.id,
             CASE WHEN NOT c.before THEN 'POST' WHEN NOT c.after THEN 'DELETE' ELSE 'PUT' END
      FROM new_rows n JOIN old_rows o ON o.id = n.id CROSS JOIN LATERAL (VALUES
        ('dmc', o.dmc_status <> 'NONE', n.dmc_status <> 'NONE',
         (n.dmc_status, n.dmc_status_at) IS DISTINCT FROM (o.dmc_status, o.dmc_status_at)),
        ('retr', o.withdrawal_agreement_at IS NOT NULL, n.withdrawal_agreement_at IS NOT NULL,
         (n.withdrawal_agreement, n.withdrawal_agreement_at)
           IS DISTINCT FROM (o.withdrawal_agreement, o.withdrawal_agreement_at))
      ) AS c(prefix, before, after, changed)
      WHERE c.changed AND (c.before OR c.after) ORDER BY n.id, c.prefix;
  ELSE
    INSERT INTO fhir_changes (resource_type, resource_id, method)
      SELECT 'Consent', c.prefix || '-' || o.id, 'DELETE'
      FROM old_rows o CROSS JOIN LATERAL (VALUES
        ('dmc', o.dmc_status <> 'NONE'),
        ('retr', o.withdrawal_agreement_at IS NOT NULL)) AS c(prefix, answered)
      WHERE c.answered ORDER BY o.id, c.prefix;
  END IF;
  GET DIAGNOSTICS recorded = ROW_COUNT;
  IF recorded > 0 THEN
    PERFORM pg_notify('portail_fhir_changes', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER participants_consent_fhir_insert AFTER INSERT ON participants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_consent_change();
--> statement-breakpoint
CREATE TRIGGER participants_consent_fhir_update AFTER UPDATE ON participants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_consent_change();
--> statement-breakpoint
CREATE TRIGGER participants_consent_fhir_delete AFTER DELETE ON participants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_consent_change();
--> statement-breakpoint
-- The back office's resources: check-ups (EpisodeOfCare), visits and bookings (Appointment vis-N, rdv-N),
-- medical documents, advice sheets and data-protection documents (DocumentReference N, fiche-N, rgpd-N).
CREATE TRIGGER checkups_fhir_insert AFTER INSERT ON checkups REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('EpisodeOfCare', '', 'id');
--> statement-breakpoint
CREATE TRIGGER checkups_fhir_update AFTER UPDATE ON checkups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_version_change('EpisodeOfCare', '', 'id');
--> statement-breakpoint
CREATE TRIGGER checkups_fhir_delete AFTER DELETE ON checkups REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('EpisodeOfCare', '', 'id');
--> statement-breakpoint
CREATE TRIGGER visits_fhir_insert AFTER INSERT ON visits REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('Appointment', 'vis-', 'id');
--> statement-breakpoint
CREATE TRIGGER visits_fhir_update AFTER UPDATE ON visits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_version_change('Appointment', 'vis-', 'id');
--> statement-breakpoint
CREATE TRIGGER visits_fhir_delete AFTER DELETE ON visits REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('Appointment', 'vis-', 'id');
--> statement-breakpoint
CREATE TRIGGER appointments_fhir_insert AFTER INSERT ON appointments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('Appointment', 'rdv-', 'id');
--> statement-breakpoint
CREATE TRIGGER appointments_fhir_update AFTER UPDATE ON appointments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_version_change('Appointment', 'rdv-', 'id');
--> statement-breakpoint
CREATE TRIGGER appointments_fhir_delete AFTER DELETE ON appointments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('Appointment', 'rdv-', 'id');
--> statement-breakpoint
CREATE TRIGGER documents_fhir_insert AFTER INSERT ON documents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('DocumentReference', '', 'id');
--> statement-breakpoint
CREATE TRIGGER documents_fhir_update AFTER UPDATE ON documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_version_change('DocumentReference', '', 'id');
--> statement-breakpoint
CREATE TRIGGER documents_fhir_delete AFTER DELETE ON documents REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('DocumentReference', '', 'id');
--> statement-breakpoint
CREATE TRIGGER advice_sheets_fhir_insert AFTER INSERT ON advice_sheets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('DocumentReference', 'fiche-', 'id');
--> statement-breakpoint
CREATE TRIGGER advice_sheets_fhir_update AFTER UPDATE ON advice_sheets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_version_change('DocumentReference', 'fiche-', 'id');
--> statement-breakpoint
CREATE TRIGGER advice_sheets_fhir_delete AFTER DELETE ON advice_sheets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('DocumentReference', 'fiche-', 'id');
--> statement-breakpoint
CREATE TRIGGER legal_documents_fhir_insert AFTER INSERT ON legal_documents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('DocumentReference', 'rgpd-', 'id');
--> statement-breakpoint
CREATE TRIGGER legal_documents_fhir_update AFTER UPDATE ON legal_documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_version_change('DocumentReference', 'rgpd-', 'id');
--> statement-breakpoint
CREATE TRIGGER legal_documents_fhir_delete AFTER DELETE ON legal_documents REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('DocumentReference', 'rgpd-', 'id');
--> statement-breakpoint
CREATE TRIGGER document_attachments_fhir_insert AFTER INSERT ON document_attachments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_part_change('DocumentReference', '', 'document_id');
--> statement-breakpoint
CREATE TRIGGER document_attachments_fhir_update AFTER UPDATE ON document_attachments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_part_change('DocumentReference', '', 'document_id');
--> statement-breakpoint
CREATE TRIGGER document_attachments_fhir_delete AFTER DELETE ON document_attachments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_part_change('DocumentReference', '', 'document_id');
