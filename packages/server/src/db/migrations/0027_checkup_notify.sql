-- Tells every instance, at commit, which establishments (E), companies (C) and groups (G) had
-- check-ups written: their cached pages of the check-up list and history are dropped
-- (checkup-page-cache.ts). An update names the scopes before and after (a transfer moves the check-up
-- in progress). Too many at once (a bulk load) says '*': drop everything. A truncation drops everything.
CREATE FUNCTION checkups_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  scopes text[];
BEGIN
  -- plpgsql plans a statement when it first runs it: each branch reads only the transition tables its
  -- operation has.
  IF TG_OP = 'INSERT' THEN
    scopes := ARRAY(SELECT DISTINCT k FROM new_rows r,
      unnest(ARRAY['E' || r.establishment_id, 'C' || r.company_id, 'G' || r.group_id]) AS k WHERE k IS NOT NULL);
  ELSIF TG_OP = 'DELETE' THEN
    scopes := ARRAY(SELECT DISTINCT k FROM old_rows r,
      unnest(ARRAY['E' || r.establishment_id, 'C' || r.company_id, 'G' || r.group_id]) AS k WHERE k IS NOT NULL);
  ELSE
    scopes := ARRAY(SELECT k FROM old_rows r,
        unnest(ARRAY['E' || r.establishment_id, 'C' || r.company_id, 'G' || r.group_id]) AS k WHERE k IS NOT NULL
      UNION SELECT k FROM new_rows r,
        unnest(ARRAY['E' || r.establishment_id, 'C' || r.company_id, 'G' || r.group_id]) AS k WHERE k IS NOT NULL);
  END IF;
  IF cardinality(scopes) > 0 THEN
    PERFORM pg_notify('portail_checkups',
      CASE WHEN cardinality(scopes) > 500 THEN '*' ELSE array_to_string(scopes, ',') END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER checkups_notify_insert AFTER INSERT ON checkups
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION checkups_notify();
--> statement-breakpoint
CREATE TRIGGER checkups_notify_delete AFTER DELETE ON checkups
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION checkups_notify();
--> statement-breakpoint
CREATE TRIGGER checkups_notify_update AFTER UPDATE ON checkups
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION checkups_notify();
--> statement-breakpoint
CREATE TRIGGER checkups_notify_truncate AFTER TRUNCATE ON checkups
  FOR EACH STATEMENT EXECUTE FUNCTION notify_channel('portail_checkups');
