import type { PassThrough } from 'node:stream';
import type { Language } from '@portail/contract/constants';
import type { CheckupFilters, CheckupRow, CheckupState } from '@portail/contract/schemas/checkups';
import { inArray } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { enumItems } from '../../db/schema';
import { centreToday } from '../../lib/dates';
import {
  type ExportColumn,
  type ExportRequest,
  excelDate,
  type Labels,
  type ScopeNames,
  scopeColumns,
  scopeNamesOf,
  streamColumns,
} from '../../lib/workbook/export-columns';
import { EXPORT_BATCH } from '../../lib/workbook/workbook-writers';
import { listScopeEstablishments } from '../participants';
import {
  type CheckupSortField,
  type HistoryRecord,
  type HistorySortField,
  readCheckupRows,
  readHistoryRows,
  type Sort,
} from './checkup.queries';
import { ageOn } from './checkups.service';

const STATE_LABELS: Record<CheckupState, Labels> = {
  EN_COURS: { fr_FR: 'En cours', en_EN: 'In progress' },
  CLOTURE: { fr_FR: 'Clôturé', en_EN: 'Closed' },
  FACTURE: { fr_FR: 'Facturé', en_EN: 'Invoiced' },
};

function checkupColumns(names: ScopeNames): ExportColumn<CheckupRow>[] {
  return [
    { header: { fr_FR: 'N° bilan', en_EN: 'Check-up no.' }, dataWidth: 10, value: (r) => r.id },
    {
      header: { fr_FR: 'N° participant', en_EN: 'Participant no.' },
      dataWidth: 10,
      value: (r) => r.idParticipant,
    },
    { header: { fr_FR: 'Nom', en_EN: 'Last name' }, dataWidth: 28, value: (r) => r.nom },
    { header: { fr_FR: 'Prénom', en_EN: 'First name' }, dataWidth: 22, value: (r) => r.prenom },
    ...scopeColumns<CheckupRow>(names, (r) => ({
      company: r.idEntreprise,
      establishment: r.idEtablissement,
    })),
    {
      header: { fr_FR: 'Date du premier RDV', en_EN: 'First appointment date' },
      dataWidth: 10,
      date: true,
      value: (r) => excelDate(r.datePremierRdv),
    },
    {
      header: { fr_FR: 'Date de clôture', en_EN: 'Closing date' },
      dataWidth: 10,
      date: true,
      value: (r) => excelDate(r.dateCloture),
    },
    {
      header: { fr_FR: 'Date de facturation', en_EN: 'Billing date' },
      dataWidth: 10,
      date: true,
      value: (r) => excelDate(r.dateFacturation),
    },
    {
      header: { fr_FR: 'État', en_EN: 'State' },
      dataWidth: 11,
      value: (r, language) => STATE_LABELS[r.etatBilan][language],
    },
  ];
}

async function scopeNames(db: Db, caller: Caller): Promise<ScopeNames> {
  return scopeNamesOf(await listScopeEstablishments(db, caller));
}

interface HistoryExportRow {
  record: HistoryRecord;
  age: number;
  gestionRdv: string | null;
  periodicite: string | null;
}

function historyColumns(year: number, names: ScopeNames): ExportColumn<HistoryExportRow>[] {
  const closing = (n: number): Labels => ({ fr_FR: `Clôture ${year - n}`, en_EN: `Closing ${year - n}` });
  return [
    {
      header: { fr_FR: 'N° participant', en_EN: 'Participant no.' },
      dataWidth: 10,
      value: (r) => r.record.id,
    },
    { header: { fr_FR: 'Nom', en_EN: 'Last name' }, dataWidth: 28, value: (r) => r.record.nom },
    { header: { fr_FR: 'Prénom', en_EN: 'First name' }, dataWidth: 22, value: (r) => r.record.prenom },
    ...scopeColumns<HistoryExportRow>(names, (r) => ({
      company: r.record.idEntreprise,
      establishment: r.record.idEtablissement,
    })),
    {
      header: { fr_FR: 'Date de naissance', en_EN: 'Birth date' },
      dataWidth: 10,
      date: true,
      value: (r) => excelDate(r.record.dateNaissance),
    },
    { header: { fr_FR: 'Âge', en_EN: 'Age' }, dataWidth: 3, value: (r) => r.age },
    {
      header: { fr_FR: "Date d'adhésion", en_EN: 'Membership date' },
      dataWidth: 10,
      date: true,
      value: (r) => excelDate(r.record.dateAdhesion),
    },
    {
      header: { fr_FR: 'Date de résiliation', en_EN: 'Termination date' },
      dataWidth: 10,
      date: true,
      value: (r) => excelDate(r.record.dateResiliation),
    },
    {
      header: { fr_FR: 'Gestion des RDV', en_EN: 'Appointment management' },
      dataWidth: 26,
      value: (r) => r.gestionRdv,
    },
    { header: { fr_FR: 'Périodicité', en_EN: 'Periodicity' }, dataWidth: 18, value: (r) => r.periodicite },
    { header: closing(2), dataWidth: 10, date: true, value: (r) => excelDate(r.record.dateClotureN2) },
    { header: closing(1), dataWidth: 10, date: true, value: (r) => excelDate(r.record.dateClotureN1) },
    { header: closing(0), dataWidth: 10, date: true, value: (r) => excelDate(r.record.dateClotureN) },
    {
      header: { fr_FR: 'Date du prochain bilan', en_EN: 'Next check-up date' },
      dataWidth: 10,
      date: true,
      value: (r) => excelDate(r.record.dateProchainBilan),
    },
  ];
}

export interface CheckupExportRequest extends ExportRequest {
  db: Db;
  caller: Caller;
  filters: CheckupFilters;
}

export async function exportCheckups(
  request: CheckupExportRequest,
  sort: Sort<CheckupSortField>,
): Promise<PassThrough> {
  const { db, caller, filters } = request;
  return streamColumns<CheckupRow, CheckupRow>(request, {
    sheetName: { fr_FR: 'Bilans', en_EN: 'Check-ups' },
    columns: checkupColumns(await scopeNames(db, caller)),
    read: (last) =>
      readCheckupRows(db, caller, filters, sort, { limit: EXPORT_BATCH, ...(last ? { last } : {}) }),
    shape: async (rows) => rows,
  });
}

/** The labels of the appointment management modes and periodicities, in the workbook's language. */
async function enumLabels(db: Db, language: Language): Promise<Map<number, string>> {
  const items = await db
    .select({ id: enumItems.id, label: enumItems.label, labelEn: enumItems.labelEn })
    .from(enumItems)
    .where(inArray(enumItems.namespace, ['gestionRdv', 'periodicite']));
  return new Map(
    items.map((item) => [item.id, language === 'en_EN' ? (item.labelEn ?? item.label) : item.label]),
  );
}

export async function exportHistory(
  request: CheckupExportRequest,
  sort: Sort<HistorySortField>,
): Promise<PassThrough> {
  const { db, caller, filters, language } = request;
  const today = centreToday();
  const year = Number(today.slice(0, 4));
  const labels = await enumLabels(db, language);
  const label = (id: number | null) => (id === null ? null : (labels.get(id) ?? String(id)));
  return streamColumns<HistoryRecord, HistoryExportRow>(request, {
    sheetName: { fr_FR: 'Historique des bilans', en_EN: 'Check-up history' },
    columns: historyColumns(year, await scopeNames(db, caller)),
    read: (last) =>
      readHistoryRows(db, caller, filters, sort, year, { limit: EXPORT_BATCH, ...(last ? { last } : {}) }),
    shape: async (rows) =>
      rows.map((record) => ({
        record,
        age: ageOn(record.dateNaissance, today),
        gestionRdv: label(record.gestionRdv),
        periodicite: label(record.periodicite),
      })),
  });
}
