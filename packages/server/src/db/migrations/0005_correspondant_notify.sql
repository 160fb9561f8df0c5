-- Tells every instance, at commit, that the correspondant directory changed: its cached pages
-- (correspondant-page-cache.ts) are dropped. A directory row shows the correspondant, the names of
-- their establishment, company and group, and their civility's label, so a write to any of those
-- tables, by the portal or by the back office, drops every page ('*'): the directory is small and
-- these tables are seldom written.
CREATE FUNCTION correspondants_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portail_correspondants', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER correspondants_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON correspondants
  FOR EACH STATEMENT EXECUTE FUNCTION correspondants_notify();
--> statement-breakpoint
CREATE TRIGGER establishments_correspondants_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON establishments
  FOR EACH STATEMENT EXECUTE FUNCTION correspondants_notify();
--> statement-breakpoint
CREATE TRIGGER companies_correspondants_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION correspondants_notify();
--> statement-breakpoint
CREATE TRIGGER groups_correspondants_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON groups
  FOR EACH STATEMENT EXECUTE FUNCTION correspondants_notify();
--> statement-breakpoint
CREATE TRIGGER enum_items_correspondants_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON enum_items
  FOR EACH STATEMENT EXECUTE FUNCTION correspondants_notify();
