-- Tells every instance, at commit, that the transfer lists changed: their cached pages
-- (mutation-page-cache.ts) are dropped. A transfer row shows its participant, both establishments,
-- the labels of its reason and type, and whether it may be accepted (the destination's check-up
-- types): a write to any of those tables drops every page ('*'). Participants are written more often:
-- the cache also hears the participants' own channel (migration 0002) and drops its pages then.
CREATE FUNCTION mutations_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portail_mutations', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER mutations_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON mutations
  FOR EACH STATEMENT EXECUTE FUNCTION mutations_notify();
--> statement-breakpoint
CREATE TRIGGER establishments_mutations_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON establishments
  FOR EACH STATEMENT EXECUTE FUNCTION mutations_notify();
--> statement-breakpoint
CREATE TRIGGER establishment_checkup_types_mutations_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON establishment_checkup_types
  FOR EACH STATEMENT EXECUTE FUNCTION mutations_notify();
--> statement-breakpoint
CREATE TRIGGER enum_items_mutations_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON enum_items
  FOR EACH STATEMENT EXECUTE FUNCTION mutations_notify();
