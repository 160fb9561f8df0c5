-- One trigger function for "this table changed, drop every cached page of the channel": the channel
-- is the trigger's argument, so a list cache that follows a new table adds one CREATE TRIGGER line
-- and no function. It replaces correspondants_notify (0005) and mutations_notify (0006), which
-- differed only by their channel; the triggers keep their names, tables and timing.
CREATE FUNCTION notify_channel() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  hook record;
BEGIN
  FOR hook IN
    SELECT * FROM (VALUES
      ('correspondants_notify', 'correspondants', 'portail_correspondants'),
      ('establishments_correspondants_notify', 'establishments', 'portail_correspondants'),
      ('companies_correspondants_notify', 'companies', 'portail_correspondants'),
      ('groups_correspondants_notify', 'groups', 'portail_correspondants'),
      ('enum_items_correspondants_notify', 'enum_items', 'portail_correspondants'),
      ('mutations_notify', 'mutations', 'portail_mutations'),
      ('establishments_mutations_notify', 'establishments', 'portail_mutations'),
      ('establishment_checkup_types_mutations_notify', 'establishment_checkup_types', 'portail_mutations'),
      ('enum_items_mutations_notify', 'enum_items', 'portail_mutations')
    ) AS hooks(name, tbl, channel)
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', hook.name, hook.tbl);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION notify_channel(%L)',
      hook.name, hook.tbl, hook.channel);
  END LOOP;
END $$;
--> statement-breakpoint
DROP FUNCTION correspondants_notify();
--> statement-breakpoint
DROP FUNCTION mutations_notify();
