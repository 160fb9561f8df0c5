-- Tells every instance, at commit, whose documents a statement wrote ('P' and the participant id, comma
-- separated): their cached document-list pages are dropped (document-page-cache.ts). Too many at once
-- (a bulk load) says '*': drop everything.
CREATE FUNCTION documents_changed(participant_ids integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('portail_documents',
    CASE WHEN cardinality(participant_ids) > 500 THEN '*'
      ELSE array_to_string(ARRAY(SELECT 'P' || id FROM unnest(participant_ids) AS ids(id)), ',') END)
  WHERE cardinality(participant_ids) > 0;
$$;
--> statement-breakpoint
CREATE FUNCTION documents_notify_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM documents_changed(ARRAY(SELECT DISTINCT participant_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION documents_notify_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM documents_changed(ARRAY(SELECT DISTINCT participant_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION documents_notify_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM documents_changed(ARRAY(
    SELECT participant_id FROM old_rows UNION SELECT participant_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_notify_insert AFTER INSERT ON documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION documents_notify_new();
--> statement-breakpoint
CREATE TRIGGER documents_notify_delete AFTER DELETE ON documents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION documents_notify_old();
--> statement-breakpoint
CREATE TRIGGER documents_notify_update AFTER UPDATE ON documents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION documents_notify_both();
--> statement-breakpoint
-- Attachments are listed with their document: a change names the document's participant.
CREATE FUNCTION document_attachments_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM documents_changed(ARRAY(
      SELECT DISTINCT d.participant_id FROM old_rows a JOIN documents d ON d.id = a.document_id));
  ELSE
    PERFORM documents_changed(ARRAY(
      SELECT DISTINCT d.participant_id FROM new_rows a JOIN documents d ON d.id = a.document_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER document_attachments_notify_insert AFTER INSERT ON document_attachments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION document_attachments_notify();
--> statement-breakpoint
CREATE TRIGGER document_attachments_notify_update AFTER UPDATE ON document_attachments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION document_attachments_notify();
--> statement-breakpoint
CREATE TRIGGER document_attachments_notify_delete AFTER DELETE ON document_attachments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION document_attachments_notify();
--> statement-breakpoint
-- Types (their labels and display modes) are in every page: any change drops everything.
CREATE FUNCTION document_types_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portail_documents', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER document_types_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON document_types
  FOR EACH STATEMENT EXECUTE FUNCTION document_types_notify();
