import type { Language } from '@portail/contract/constants';
import { centreWallClock } from '@portail/contract/rules/centre-time';
import { and, desc, eq, like, lt, or, type SQL } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

/**
 * The activity of "my data" (activite.csv, docs/personal-details.md#my-data), kept in this one file on
 * purpose: the participant's "My activity" list (issue 23) reads the same audit rows, and this query
 * gives way to that feature's when both are merged. It reads the caller's own sign-ins and every row
 * that names their participant record, newest first, in batches (a record may have years of rows).
 */

export interface ActivityRow {
  /** Paris time, `2026-11-29 10:32`. */
  date: string;
  action: string;
  description: string;
}

const BATCH = 500;

/** A short, neutral sentence per action: no document title, no medical word, no one else's name. */
const DESCRIPTIONS: Record<string, { fr_FR: string; en_EN: string }> = {
  SIGN_IN: { fr_FR: 'Connexion au portail', en_EN: 'Signed in to the portal' },
  SIGN_IN_CONFIRMED: { fr_FR: 'Connexion confirmée par code', en_EN: 'Sign-in confirmed by code' },
  SIGN_IN_REFUSED_LOCKED: {
    fr_FR: 'Connexion refusée (compte bloqué)',
    en_EN: 'Sign-in refused (account locked)',
  },
  SIGN_IN_REFUSED_TEXTS: {
    fr_FR: 'Connexion refusée (trop de codes)',
    en_EN: 'Sign-in refused (too many codes)',
  },
  SIGN_OUT: { fr_FR: 'Déconnexion', en_EN: 'Signed out' },
  DOCUMENT_VIEWED: { fr_FR: 'Document consulté', en_EN: 'Document viewed' },
  DOCUMENT_DOWNLOADED: { fr_FR: 'Document téléchargé', en_EN: 'Document downloaded' },
  DOCUMENTS_SENT: { fr_FR: 'Documents envoyés par e-mail', en_EN: 'Documents sent by e-mail' },
  DOCUMENTS_SEND_FAILED: { fr_FR: 'Envoi de documents échoué', en_EN: 'Sending documents failed' },
  PARTICIPANT_CREATED: { fr_FR: 'Dossier créé', en_EN: 'Record created' },
  PARTICIPANT_UPDATED: { fr_FR: 'Dossier modifié', en_EN: 'Record changed' },
  MUTATION_ACCEPTED: { fr_FR: 'Transfert accepté', en_EN: 'Transfer accepted' },
  FHIR_DOCUMENT_CREATED: {
    fr_FR: 'Document publié par le centre',
    en_EN: 'Document published by the centre',
  },
  FHIR_DOCUMENT_UPDATED: {
    fr_FR: 'Document mis à jour par le centre',
    en_EN: 'Document updated by the centre',
  },
  MY_DATA_EXPORTED: { fr_FR: 'Archive « Mes données » créée', en_EN: '“My data” archive built' },
  MY_DATA_EXPORT_FAILED: {
    fr_FR: 'Archive « Mes données » interrompue',
    en_EN: '“My data” archive interrupted',
  },
};
const OTHER = { fr_FR: 'Action concernant votre dossier', en_EN: 'Action on your record' };

function scope(caller: Caller): SQL | undefined {
  const ownSignIns = and(eq(auditLog.actorUserId, caller.userId), like(auditLog.action, 'SIGN\\_IN%'));
  return caller.participantId === null
    ? ownSignIns
    : or(ownSignIns, eq(auditLog.participantId, caller.participantId));
}

/** The caller's activity rows, newest first, read by keyset `BATCH` rows at a time. */
export async function* activityRows(
  db: Db,
  caller: Caller,
  language: Language,
): AsyncGenerator<ActivityRow[]> {
  let before: number | null = null;
  for (;;) {
    const rows: { id: number; at: Date; action: string }[] = await db
      .select({ id: auditLog.id, at: auditLog.at, action: auditLog.action })
      .from(auditLog)
      .where(and(scope(caller), before === null ? undefined : lt(auditLog.id, before)))
      .orderBy(desc(auditLog.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    yield rows.map((row) => {
      const wall = centreWallClock(row.at);
      return {
        date: wall ? `${wall.date} ${wall.time}` : row.at.toISOString(),
        action: row.action,
        description: (DESCRIPTIONS[row.action] ?? OTHER)[language],
      };
    });
    if (rows.length < BATCH) return;
    before = rows[rows.length - 1]?.id ?? null;
  }
}
