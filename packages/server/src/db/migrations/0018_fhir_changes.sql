-- The change feed of the integration API (issue 19). The drizzle part above is generated; what follows
-- "-- hand-written:" is not and goes at the end again when the drizzle part is regenerated.
--
-- To put another table in the feed (a table the FHIR API serves), attach the generic trigger function
-- to it, three statement-level triggers (PostgreSQL allows transition tables on one event a trigger):
--
--   CREATE TRIGGER <table>_fhir_insert AFTER INSERT ON <table> REFERENCING NEW TABLE AS new_rows
--     FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('<ResourceType>', '<id prefix>', '<id column>');
--   CREATE TRIGGER <table>_fhir_update AFTER UPDATE ON <table> REFERENCING NEW TABLE AS new_rows
--     FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('<ResourceType>', '<id prefix>', '<id column>');
--   CREATE TRIGGER <table>_fhir_delete AFTER DELETE ON <table> REFERENCING OLD TABLE AS old_rows
--     FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('<ResourceType>', '<id prefix>', '<id column>');
--
-- The arguments: the FHIR resource type; what precedes the row's key in the resource id ('' for
-- Patient/123, 'etab-' for Organization/etab-7); the key column ('id' when left out). The transition
-- tables must be named new_rows and old_rows. The feed then lists the table's inserts (POST), updates
-- (PUT) and deletes (DELETE), and the resource type's handler (features/integration) reads each one.
CREATE TABLE "fhir_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"method" text NOT NULL,
	"published_at" timestamp (6) with time zone,
	CONSTRAINT "fhir_changes_method_check" CHECK ("fhir_changes"."method" in ('POST', 'PUT', 'DELETE'))
);
--> statement-breakpoint
CREATE TABLE "fhir_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"change_id" bigint NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"method" text NOT NULL,
	"changed_at" timestamp (6) with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "fhir_notifications_status_check" CHECK ("fhir_notifications"."status" in ('pending', 'sent', 'dead'))
);
--> statement-breakpoint
CREATE TABLE "fhir_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"criteria" text NOT NULL,
	"resource_type" text NOT NULL,
	"filter" text DEFAULT '' NOT NULL,
	"endpoint" text NOT NULL,
	"payload" text,
	"reason" text DEFAULT '' NOT NULL,
	"secret" text NOT NULL,
	"error" text,
	"cursor" timestamp (6) with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fhir_subscriptions_status_check" CHECK ("fhir_subscriptions"."status" in ('active', 'error', 'off'))
);
--> statement-breakpoint
ALTER TABLE "fhir_notifications" ADD CONSTRAINT "fhir_notifications_subscription_id_fhir_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."fhir_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_subscriptions" ADD CONSTRAINT "fhir_subscriptions_client_id_integration_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."integration_clients"("client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fhir_changes_published_key" ON "fhir_changes" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "fhir_changes_type_published_idx" ON "fhir_changes" USING btree ("resource_type","published_at");--> statement-breakpoint
CREATE INDEX "fhir_changes_unpublished_idx" ON "fhir_changes" USING btree ("txid","id") WHERE "fhir_changes"."published_at" is null;--> statement-breakpoint
CREATE INDEX "fhir_notifications_due_idx" ON "fhir_notifications" USING btree ("next_attempt_at") WHERE "fhir_notifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "fhir_notifications_subscription_idx" ON "fhir_notifications" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "fhir_subscriptions_client_idx" ON "fhir_subscriptions" USING btree ("client_id");
--> statement-breakpoint
-- hand-written:
-- One statement's changed rows become one INSERT into fhir_changes (a bulk load of 200,000 rows costs
-- one extra statement, not 200,000), tagged with the writing transaction's id. A NOTIFY wakes the
-- instances' delivery workers at commit (PostgreSQL sends notifications only then, once per
-- transaction for the same payload).
CREATE FUNCTION fhir_record_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  resource_type text := TG_ARGV[0];
  id_prefix text := coalesce(TG_ARGV[1], '');
  id_column text := coalesce(TG_ARGV[2], 'id');
  method text := CASE TG_OP WHEN 'INSERT' THEN 'POST' WHEN 'UPDATE' THEN 'PUT' ELSE 'DELETE' END;
  source text := CASE TG_OP WHEN 'DELETE' THEN 'old_rows' ELSE 'new_rows' END;
  recorded integer;
BEGIN
  EXECUTE format(
    'INSERT INTO fhir_changes (resource_type, resource_id, method) SELECT %L, %L || r.%I::text, %L FROM %I r ORDER BY r.%I',
    resource_type, id_prefix, id_column, method, source, id_column);
  GET DIAGNOSTICS recorded = ROW_COUNT;
  IF recorded > 0 THEN
    PERFORM pg_notify('portail_fhir_changes', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER participants_fhir_insert AFTER INSERT ON participants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('Patient', '', 'id');
--> statement-breakpoint
CREATE TRIGGER participants_fhir_update AFTER UPDATE ON participants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('Patient', '', 'id');
--> statement-breakpoint
CREATE TRIGGER participants_fhir_delete AFTER DELETE ON participants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('Patient', '', 'id');
--> statement-breakpoint
CREATE TRIGGER establishments_fhir_insert AFTER INSERT ON establishments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('Organization', 'etab-', 'id');
--> statement-breakpoint
CREATE TRIGGER establishments_fhir_update AFTER UPDATE ON establishments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('Organization', 'etab-', 'id');
--> statement-breakpoint
CREATE TRIGGER establishments_fhir_delete AFTER DELETE ON establishments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('Organization', 'etab-', 'id');
--> statement-breakpoint
CREATE TRIGGER companies_fhir_insert AFTER INSERT ON companies REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('Organization', 'ent-', 'id');
--> statement-breakpoint
CREATE TRIGGER companies_fhir_update AFTER UPDATE ON companies REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('Organization', 'ent-', 'id');
--> statement-breakpoint
CREATE TRIGGER companies_fhir_delete AFTER DELETE ON companies REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('Organization', 'ent-', 'id');
--> statement-breakpoint
CREATE TRIGGER groups_fhir_insert AFTER INSERT ON groups REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('Organization', 'grp-', 'id');
--> statement-breakpoint
CREATE TRIGGER groups_fhir_update AFTER UPDATE ON groups REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('Organization', 'grp-', 'id');
--> statement-breakpoint
CREATE TRIGGER groups_fhir_delete AFTER DELETE ON groups REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fhir_record_change('Organization', 'grp-', 'id');
--> statement-breakpoint
-- Gives committed changes their place in the feed: instants later than every instant already given
-- (one microsecond apart, so each change has its own and `_since` pages never split a tie), in the
-- order of their transactions. It only ever sees committed rows (MVCC), so a transaction still running
-- is simply published by a later call, at a later instant; the advisory lock makes concurrent callers
-- (several instances) take turns, each seeing the instants the previous one committed. A caller that
-- finds the lock taken returns -1 at once: the holder is publishing the same rows.
CREATE FUNCTION fhir_publish_changes(max_rows integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  base timestamptz;
  published integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(72430019) THEN
    RETURN -1;
  END IF;
  SELECT greatest(clock_timestamp(), coalesce(max(published_at) + interval '1 microsecond', '-infinity'))
    INTO base FROM fhir_changes;
  WITH pending AS (
    SELECT id, row_number() OVER (ORDER BY txid, id) AS n
    FROM fhir_changes WHERE published_at IS NULL ORDER BY txid, id LIMIT max_rows
  )
  UPDATE fhir_changes c SET published_at = base + (p.n - 1) * interval '1 microsecond'
  FROM pending p WHERE c.id = p.id;
  GET DIAGNOSTICS published = ROW_COUNT;
  RETURN published;
END $$;
