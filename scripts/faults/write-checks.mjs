// The checks of scenario 2 after the restart, over SQL (a pg client, or PGlite on its directory): every
// acknowledged write there as sent, and no write half there (the invariants of the transactions).

/** Every write the server acknowledged, as sent, and checked row by row. */
async function missingWrites(sql, acked, establishmentId) {
  const missing = [];
  for (const write of acked.filter((w) => w.kind === 'create')) {
    const { rows } = await sql.query(
      `select p.last_name, p.first_name, p.birth_date::text as birth_date, p.email, p.establishment_id,
              (select count(*) from users u where u.participant_id = p.id and u.kind = 'PARTICIPANT')::int as users,
              (select count(*) from audit_log a where a.action = 'PARTICIPANT_CREATED'
                  and a.target_id = p.id::text)::int as audits
         from participants p where p.id = $1`,
      [write.id],
    );
    const row = rows[0];
    const same =
      row &&
      row.last_name === write.body.nom &&
      row.first_name === write.body.prenom &&
      row.birth_date === write.body.dateNaissance &&
      row.email === write.body.mail &&
      row.establishment_id === establishmentId &&
      row.users === 1 &&
      row.audits === 1;
    if (!same) missing.push(`creation ${write.id}: ${JSON.stringify(row ?? null)}`);
  }
  for (const write of acked.filter((w) => w.kind === 'transfer')) {
    const { rows } = await sql.query(
      `select m.id, m.state, p.transfer_in_progress,
              (select count(*) from audit_log a where a.action = 'PARTICIPANT_TRANSFER_REQUESTED'
                  and a.target_id = p.id::text and (a.details->>'mutationId')::int = m.id)::int as audits
         from mutations m join participants p on p.id = m.participant_id
        where m.participant_id = $1 and m.destination_establishment_id = $2 and m.id > $3`,
      [write.participant, write.destination, write.after],
    );
    const row = rows[0];
    if (rows.length !== 1 || row.state !== 'IN_PROGRESS' || !row.transfer_in_progress || row.audits !== 1)
      missing.push(`transfer of ${write.participant}: ${JSON.stringify(rows)}`);
  }
  return missing;
}

/**
 * Rows that exist without the companions their transaction writes with them: each query returns the
 * offenders. `b` holds the baseline (the largest ids before the stream), for the rows of this run;
 * the flag and count invariants hold over the whole database.
 */
const INVARIANTS = {
  'participant without exactly one account': `
    select p.id from participants p, b where p.id > b.participant
       and (select count(*) from users u where u.participant_id = p.id and u.kind = 'PARTICIPANT') <> 1`,
  'participant without its registration link': `
    select p.id from participants p join users u on u.participant_id = p.id, b where p.id > b.participant
       and not exists (select 1 from account_tokens t where t.user_id = u.id and t.purpose = 'REGISTRATION')`,
  'participant without its creation audit row': `
    select p.id from participants p, b where p.id > b.participant and not exists
      (select 1 from audit_log a where a.action = 'PARTICIPANT_CREATED' and a.target_id = p.id::text)`,
  'creation audit row without its participant': `
    select a.id from audit_log a, b where a.id > b.audit and a.action = 'PARTICIPANT_CREATED'
       and not exists (select 1 from participants p where p.id::text = a.target_id)`,
  'transfer without its audit row': `
    select m.id from mutations m, b where m.id > b.mutation and not exists
      (select 1 from audit_log a where a.action = 'PARTICIPANT_TRANSFER_REQUESTED'
          and (a.details->>'mutationId')::int = m.id)`,
  'transfer audit row without its transfer': `
    select a.id from audit_log a, b where a.id > b.audit and a.action = 'PARTICIPANT_TRANSFER_REQUESTED'
       and not exists (select 1 from mutations m where m.id = (a.details->>'mutationId')::int)`,
  'pending-transfer flag disagreeing with the transfers': `
    select p.id from participants p where p.transfer_in_progress <>
      exists (select 1 from mutations m where m.participant_id = p.id and m.state = 'IN_PROGRESS')`,
  'participant counts (triggers) disagreeing with the rows': `
    select coalesce(a.scope_level, c.scope_level) as level, coalesce(a.scope_id, c.scope_id) as id
      from (select 'ETABLISSEMENT' as scope_level, establishment_id as scope_id, active, count(*)::int as n
              from participants group by 2, 3
            union all select 'ENTREPRISE', company_id, active, count(*)::int from participants group by 2, 3
            union all select 'GROUPEMENT', group_id, active, count(*)::int from participants
             where group_id is not null group by 2, 3) a
      full join participant_counts c using (scope_level, scope_id, active)
     where coalesce(a.n, 0) <> coalesce(c.n, 0)`,
};

/** The rows breaking an invariant, by invariant (none when every write is whole). */
async function halfWritten(sql, baseline) {
  const found = [];
  for (const [name, query] of Object.entries(INVARIANTS)) {
    const { rows } = await sql.query(
      `with b(participant, mutation, audit) as (select $1::int, $2::int, $3::int) ${query}`,
      [baseline.participant, baseline.mutation, baseline.audit],
    );
    if (rows.length > 0) found.push({ name, rows });
  }
  return found;
}

/** After the restart, over SQL: what is missing, what is half there, what committed without a reply. */
export async function verify(sql, run, { establishmentId, baseline }) {
  const count = async (query) => (await sql.query(query, [baseline.participant])).rows[0].n;
  const ackedCreations = run.acked.filter((w) => w.kind === 'create').length;
  const created = await count('select count(*)::int as n from participants where id > $1');
  const moved = (
    await sql.query('select count(*)::int as n from mutations where id > $1', [baseline.mutation])
  ).rows[0].n;
  return {
    missing: await missingWrites(sql, run.acked, establishmentId),
    half: await halfWritten(sql, baseline),
    unacked: created - ackedCreations + (moved - (run.acked.length - ackedCreations)),
    // Created, but the activation mail (recorded after the commit) never reached the outbox.
    silentMail: await count(
      `select count(*)::int as n from participants p where p.id > $1 and not exists
         (select 1 from outbox o where o.channel = 'MAIL' and o.recipient = p.email)`,
    ),
  };
}
