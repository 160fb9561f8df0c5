ALTER TABLE "appointments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "participant_id" integer;--> statement-breakpoint
ALTER TABLE "checkups" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "checkups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "dmc_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "withdrawal_agreement_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "appointments_updated_idx" ON "appointments" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_participant_idx" ON "audit_log" USING btree ("participant_id","at") WHERE "audit_log"."participant_id" is not null;--> statement-breakpoint
CREATE INDEX "checkups_updated_idx" ON "checkups" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "visits_updated_idx" ON "visits" USING btree ("updated_at","id");--> statement-breakpoint
-- hand-written:
-- Check-ups, visits and appointments get a version and a last-updated instant on every update, as
-- migration 0015 gave the participants (FHIR EpisodeOfCare and Appointment: meta.versionId, ETag,
-- _lastUpdated searches).
CREATE TRIGGER checkups_fhir_touch BEFORE UPDATE ON checkups
  FOR EACH ROW EXECUTE FUNCTION fhir_touch();
--> statement-breakpoint
CREATE TRIGGER visits_fhir_touch BEFORE UPDATE ON visits
  FOR EACH ROW EXECUTE FUNCTION fhir_touch();
--> statement-breakpoint
CREATE TRIGGER appointments_fhir_touch BEFORE UPDATE ON appointments
  FOR EACH ROW EXECUTE FUNCTION fhir_touch();
--> statement-breakpoint
-- When a participant answers the online medical record or the withdrawal consent, whoever writes the
-- answer (home screen, registration, the integration API, a bulk load), the instant of the answer is
-- kept beside it: FHIR Consent.dateTime. A writer that sets the instant itself (a consent given on
-- paper, recorded later by the back office) keeps its own.
CREATE FUNCTION consent_answered_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.dmc_status <> 'NONE' AND NEW.dmc_status_at IS NULL THEN NEW.dmc_status_at := now(); END IF;
    IF NEW.withdrawal_agreement AND NEW.withdrawal_agreement_at IS NULL THEN
      NEW.withdrawal_agreement_at := now();
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.dmc_status IS DISTINCT FROM OLD.dmc_status
     AND NEW.dmc_status_at IS NOT DISTINCT FROM OLD.dmc_status_at THEN
    NEW.dmc_status_at := now();
  END IF;
  IF NEW.withdrawal_agreement IS DISTINCT FROM OLD.withdrawal_agreement
     AND NEW.withdrawal_agreement_at IS NOT DISTINCT FROM OLD.withdrawal_agreement_at THEN
    NEW.withdrawal_agreement_at := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER participants_consent_answered_at BEFORE INSERT OR UPDATE OF dmc_status, withdrawal_agreement
  ON participants FOR EACH ROW EXECUTE FUNCTION consent_answered_at();
--> statement-breakpoint
-- Answers given before this migration: the instant of their audit row, else (demo data, loads) the
-- participant's creation. Run with triggers as they are: fhir_touch gives these rows a new version,
-- which is right, as their Consent appears now. The consent trigger does not fire (neither status
-- nor agreement changes).
UPDATE participants p SET
  dmc_status_at = CASE WHEN p.dmc_status = 'NONE' THEN NULL ELSE coalesce((
    SELECT max(a.at) FROM audit_log a
    WHERE a.target_type = 'participant' AND a.target_id = p.id::text
      AND a.action IN ('MEDICAL_RECORD_ACCEPTED', 'MEDICAL_RECORD_REFUSED', 'MEDICAL_RECORD_REACTIVATED',
                       'MEDICAL_RECORD_WITHDRAWN')), p.created_at) END,
  withdrawal_agreement_at = coalesce((
    SELECT max(a.at) FROM audit_log a
    WHERE a.target_type = 'participant' AND a.target_id = p.id::text
      AND a.action = 'WITHDRAWAL_CONSENT_RECORDED'), CASE WHEN p.withdrawal_agreement THEN p.created_at END)
WHERE p.dmc_status <> 'NONE' OR p.withdrawal_agreement OR EXISTS (
  SELECT 1 FROM audit_log a WHERE a.target_type = 'participant' AND a.target_id = p.id::text
    AND a.action = 'WITHDRAWAL_CONSENT_RECORDED');
--> statement-breakpoint
-- The participant of the document reads and sends audited before this migration (FHIR AuditEvent).
UPDATE audit_log a SET participant_id = d.participant_id
  FROM documents d
  WHERE a.action IN ('DOCUMENT_VIEWED', 'DOCUMENT_DOWNLOADED') AND a.target_type = 'document'
    AND a.target_id = d.id::text;
--> statement-breakpoint
UPDATE audit_log a SET participant_id = d.participant_id
  FROM document_attachments t JOIN documents d ON d.id = t.document_id
  WHERE a.action IN ('DOCUMENT_VIEWED', 'DOCUMENT_DOWNLOADED') AND a.target_type = 'attachment'
    AND a.target_id = t.id::text;
--> statement-breakpoint
UPDATE audit_log SET participant_id = target_id::integer
  WHERE action = 'DOCUMENTS_SENT' AND target_type = 'participant';
