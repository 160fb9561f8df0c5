CREATE TABLE "participant_counts" (
	"scope_level" text NOT NULL,
	"scope_id" integer NOT NULL,
	"active" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "participant_counts_scope_level_scope_id_active_pk" PRIMARY KEY("scope_level","scope_id","active")
);
--> statement-breakpoint
-- Counters of participants per establishment, company and group and per state, kept by statement-level
-- triggers: a bulk insert (the demo's COPY batches) updates each counter once per statement.
-- Tells every instance which establishments (E), companies (C) and groups (G) had participants
-- written, at commit: their cached list pages are dropped (participant-page-cache.ts). Too many at
-- once (a bulk load) says '*': drop everything.
CREATE FUNCTION participants_changed(scopes text[]) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('portail_participants',
    CASE WHEN cardinality(scopes) > 500 THEN '*' ELSE array_to_string(scopes, ',') END)
  WHERE cardinality(scopes) > 0;
$$;
--> statement-breakpoint
CREATE FUNCTION participant_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO participant_counts AS c (scope_level, scope_id, active, n)
  SELECT v.level, v.scope_id, v.active, count(*)
  FROM new_rows r
  CROSS JOIN LATERAL (VALUES
    ('ETABLISSEMENT', r.establishment_id, r.active),
    ('ENTREPRISE', r.company_id, r.active),
    ('GROUPEMENT', r.group_id, r.active)) AS v(level, scope_id, active)
  WHERE v.scope_id IS NOT NULL
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (scope_level, scope_id, active) DO UPDATE SET n = c.n + excluded.n;
  PERFORM participants_changed(ARRAY(SELECT DISTINCT k FROM (SELECT unnest(ARRAY['E' || new_rows.establishment_id, 'C' || new_rows.company_id, 'G' || new_rows.group_id]) FROM new_rows) AS s(k) WHERE k IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION participant_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO participant_counts AS c (scope_level, scope_id, active, n)
  SELECT v.level, v.scope_id, v.active, -count(*)
  FROM old_rows r
  CROSS JOIN LATERAL (VALUES
    ('ETABLISSEMENT', r.establishment_id, r.active),
    ('ENTREPRISE', r.company_id, r.active),
    ('GROUPEMENT', r.group_id, r.active)) AS v(level, scope_id, active)
  WHERE v.scope_id IS NOT NULL
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (scope_level, scope_id, active) DO UPDATE SET n = c.n + excluded.n;
  PERFORM participants_changed(ARRAY(SELECT DISTINCT k FROM (SELECT unnest(ARRAY['E' || old_rows.establishment_id, 'C' || old_rows.company_id, 'G' || old_rows.group_id]) FROM old_rows) AS s(k) WHERE k IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Transition tables forbid a column list on the trigger: it runs on every update of participants and
-- touches the counters only for rows whose state or organisation changed.
CREATE FUNCTION participant_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO participant_counts AS c (scope_level, scope_id, active, n)
  SELECT v.level, v.scope_id, v.active, sum(v.delta)::int
  FROM old_rows o
  JOIN new_rows r ON r.id = o.id
  CROSS JOIN LATERAL (VALUES
    ('ETABLISSEMENT', o.establishment_id, o.active, -1),
    ('ENTREPRISE', o.company_id, o.active, -1),
    ('GROUPEMENT', o.group_id, o.active, -1),
    ('ETABLISSEMENT', r.establishment_id, r.active, 1),
    ('ENTREPRISE', r.company_id, r.active, 1),
    ('GROUPEMENT', r.group_id, r.active, 1)) AS v(level, scope_id, active, delta)
  WHERE v.scope_id IS NOT NULL
    AND (o.active, o.establishment_id, o.company_id, o.group_id)
      IS DISTINCT FROM (r.active, r.establishment_id, r.company_id, r.group_id)
  GROUP BY 1, 2, 3
  HAVING sum(v.delta) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (scope_level, scope_id, active) DO UPDATE SET n = c.n + excluded.n;
  PERFORM participants_changed(ARRAY(SELECT DISTINCT k FROM (SELECT unnest(ARRAY['E' || old_rows.establishment_id, 'C' || old_rows.company_id, 'G' || old_rows.group_id]) FROM old_rows UNION SELECT unnest(ARRAY['E' || new_rows.establishment_id, 'C' || new_rows.company_id, 'G' || new_rows.group_id]) FROM new_rows) AS s(k) WHERE k IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER participant_counts_insert AFTER INSERT ON participants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER participant_counts_delete AFTER DELETE ON participants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION participant_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER participant_counts_update AFTER UPDATE ON participants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION participant_counts_after_update();
--> statement-breakpoint
INSERT INTO participant_counts (scope_level, scope_id, active, n)
SELECT v.level, v.scope_id, v.active, count(*)
FROM participants r
CROSS JOIN LATERAL (VALUES
  ('ETABLISSEMENT', r.establishment_id, r.active),
  ('ENTREPRISE', r.company_id, r.active),
  ('GROUPEMENT', r.group_id, r.active)) AS v(level, scope_id, active)
WHERE v.scope_id IS NOT NULL
GROUP BY 1, 2, 3;
