import type { PassThrough } from 'node:stream';
import type { Language } from '@portail/contract/constants';
import { eq } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { enumItems } from '../../db/schema';
import {
  type ExportColumn,
  type ExportRequest,
  excelDate,
  type Labels,
  scopeColumns,
  scopeNamesOf,
  streamColumns,
} from '../../lib/workbook/export-columns';
import { listScopeEstablishments } from './establishment.queries';
import {
  type ExportRecord,
  readSelectionBatch,
  type Selection,
  type SelectionOrder,
} from './participant-selection.queries';

/**
 * Rows read per query. Smaller than the check-ups' batch: with PGlite a query runs on the event loop's
 * thread, and a batch of the whole scope sorted costs what it reads; 250 rows keep each turn short
 * (the workbook itself is written by a worker thread, lib/workbook).
 */
const PARTICIPANT_BATCH = 250;

const YES_NO: Record<'yes' | 'no', Labels> = {
  yes: { fr_FR: 'Oui', en_EN: 'Yes' },
  no: { fr_FR: 'Non', en_EN: 'No' },
};
const STATUS: Record<'active' | 'terminated', Labels> = {
  active: { fr_FR: 'Actif', en_EN: 'Active' },
  terminated: { fr_FR: 'Résilié', en_EN: 'Terminated' },
};
const yesNo = (value: boolean, language: Language) => YES_NO[value ? 'yes' : 'no'][language];

/** The sheet's and the file's name, in the language of the headers. */
export const PARTICIPANTS_WORKBOOK: Labels = { fr_FR: 'Participants', en_EN: 'Participants' };

/**
 * The list's columns (docs/participants.md#list) in the list's order, the status beside the name, the
 * company and establishment only when the scope holds more than one; headers in both languages.
 */
function participantColumns(
  civility: (id: number | null) => string | null,
  names: ReturnType<typeof scopeNamesOf>,
): ExportColumn<ExportRecord>[] {
  return [
    { header: { fr_FR: 'N° participant', en_EN: 'Participant no.' }, dataWidth: 10, value: (r) => r.id },
    { header: { fr_FR: 'Civilité', en_EN: 'Title' }, dataWidth: 8, value: (r) => civility(r.civilite) },
    { header: { fr_FR: 'Nom', en_EN: 'Last name' }, dataWidth: 28, value: (r) => r.nom },
    { header: { fr_FR: 'Prénom', en_EN: 'First name' }, dataWidth: 22, value: (r) => r.prenom },
    {
      header: { fr_FR: 'Statut', en_EN: 'Status' },
      dataWidth: 10,
      value: (r, language) => STATUS[r.actif ? 'active' : 'terminated'][language],
    },
    {
      header: { fr_FR: 'Date de naissance', en_EN: 'Birth date' },
      dataWidth: 10,
      date: true,
      value: (r) => excelDate(r.dateNaissance),
    },
    { header: { fr_FR: 'Mail', en_EN: 'Email' }, dataWidth: 32, value: (r) => r.mail },
    {
      header: { fr_FR: 'Mutation en cours', en_EN: 'Transfer in progress' },
      dataWidth: 5,
      value: (r, language) => yesNo(r.mutationEnCours, language),
    },
    {
      header: { fr_FR: 'Bilan en cours', en_EN: 'Check-up in progress' },
      dataWidth: 5,
      value: (r, language) => yesNo(r.bilanEnCours, language),
    },
    ...scopeColumns<ExportRecord>(names, (r) => ({
      company: r.idEntreprise,
      establishment: r.idEtablissement,
    })),
  ];
}

/** The civilities' labels in the workbook's language (the list shows the same, from enum/civilite). */
async function civilityLabels(db: Db, language: Language) {
  const items = await db
    .select({ id: enumItems.id, label: enumItems.label, labelEn: enumItems.labelEn })
    .from(enumItems)
    .where(eq(enumItems.namespace, 'civilite'));
  const labels = new Map(
    items.map((item) => [item.id, language === 'en_EN' ? (item.labelEn ?? item.label) : item.label]),
  );
  return (id: number | null) => (id === null ? null : (labels.get(id) ?? null));
}

/**
 * POST excel-adherents (issue 22, docs/participants.md#bulk-actions): the selected participants of the
 * caller's scope as a workbook streamed to the reply, read in keyset batches in the order the list shows.
 * An id outside the scope is not found, so it never reaches the file.
 */
export async function exportParticipants(
  request: ExportRequest & { db: Db; caller: Caller; selection: Selection; order: SelectionOrder },
): Promise<PassThrough> {
  const { db, caller, selection, order, language } = request;
  const [civility, establishments] = await Promise.all([
    civilityLabels(db, language),
    listScopeEstablishments(db, caller),
  ]);
  return streamColumns<ExportRecord, ExportRecord>(request, {
    sheetName: PARTICIPANTS_WORKBOOK,
    columns: participantColumns(civility, scopeNamesOf(establishments)),
    batchSize: PARTICIPANT_BATCH,
    read: (last) => readSelectionBatch(db, caller, selection, order, PARTICIPANT_BATCH, last),
    shape: async (rows) => rows,
  });
}
