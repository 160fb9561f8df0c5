import type { Language } from '@portail/contract/constants';
import { formatPersonName } from '@portail/contract/rules/person-name';
import type {
  ActivityActor,
  ActivityEntry,
  ActivityKind,
  ActivityList,
  ActivityQuery,
  RecordField,
} from '@portail/contract/schemas/activity';
import type { Caller } from '../../auth/caller';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { replyLanguage } from '../../lib/language';
import { documentShownName } from '../documents';
import {
  type ActivityOwner,
  type ActivityRow,
  readActivityPage,
  readAttachmentNames,
  readConfirmedSessions,
  readDocumentTitles,
} from './activity.queries';
import { ACTIVITY_EVENTS, staffActionOf } from './activity-events';
import { staffPseudonym } from './staff-pseudonym';

export interface ActivityDeps {
  db: Db;
  config: Pick<Config, 'activityStaffNames' | 'codeSecret'>;
}

/** A record's columns (as the trail names them) → the part of the record a person reads. */
const FIELD_OF: Readonly<Record<string, RecordField>> = {
  civilityId: 'civility',
  lastName: 'lastName',
  firstName: 'firstName',
  maidenName: 'maidenName',
  birthDate: 'birthDate',
  genderId: 'gender',
  insNir: 'identifier',
  profession: 'profession',
  practiceCountryId: 'profession',
  useEstablishmentAddress: 'address',
  landline: 'landline',
  mobile: 'mobile',
  email: 'email',
  secretaryPhone: 'secretaryPhone',
  contactCivilityId: 'contactPerson',
  contactLastName: 'contactPerson',
  contactFirstName: 'contactPerson',
  contactEmail: 'contactPerson',
  contactLandline: 'contactPerson',
  contactMobile: 'contactPerson',
  contactJobTitle: 'contactPerson',
  categoryId: 'checkup',
  checkupTypeId: 'checkup',
  nextCheckupDate: 'checkup',
  periodicityId: 'checkup',
  appointmentManagementId: 'checkup',
  membershipDate: 'membership',
  firstMembershipDate: 'membership',
  terminationDate: 'membership',
  terminationReasonId: 'membership',
  active: 'membership',
  establishmentId: 'establishment',
  englishOnly: 'language',
};

/** The parts of the record a change touched, in the screen's order; the columns, never their values. */
function fieldsOf(details: Record<string, unknown> | null): RecordField[] {
  if (!details) return [];
  const after = details.after;
  const columns = Array.isArray(details.changed)
    ? details.changed.filter((column): column is string => typeof column === 'string')
    : after && typeof after === 'object'
      ? Object.keys(after)
      : [];
  const touched = new Set(
    columns.map((column) => (column.startsWith('address') ? 'address' : FIELD_OF[column])),
  );
  return Object.values(FIELD_OF)
    .concat('address')
    .filter((field, index, all) => all.indexOf(field) === index && touched.has(field));
}

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((item): item is number => Number.isInteger(item)) : [];

/** The documents (and attachments) an event names, by id. */
function documentsOf(row: ActivityRow): { documents: number[]; attachments: number[] } {
  const target = Number(row.targetId);
  if (row.action === 'DOCUMENTS_SENT' || row.action === 'DOCUMENTS_SEND_FAILED')
    return { documents: numbers(row.details?.documents), attachments: numbers(row.details?.annexes) };
  if (row.targetType === 'document' && Number.isInteger(target))
    return { documents: [target], attachments: [] };
  if (row.targetType === 'attachment' && Number.isInteger(target))
    return { documents: [], attachments: [target] };
  return { documents: [], attachments: [] };
}

/** Only a domain, checked as one: a send row never gives more than the part after the `@`. */
function domainOf(details: Record<string, unknown> | null): string | null {
  const domain = details?.recipientDomain;
  return typeof domain === 'string' && /^[a-z0-9.-]{1,253}$/i.test(domain) ? domain.toLowerCase() : null;
}

function actorOf(row: ActivityRow, owner: ActivityOwner, deps: ActivityDeps): ActivityActor {
  const none = { role: null, name: null, pseudonym: false };
  if (row.actorUserId === owner.userId) return { kind: 'self', ...none };
  if (row.actorKind === 'CORRESPONDANT')
    return {
      kind: 'correspondant',
      ...none,
      name: formatPersonName(row.actorLastName ?? '', row.actorFirstName ?? ''),
    };
  if (row.actorKind === 'STAFF' && row.actorUserId !== null) {
    const roles = row.actorRoles ?? [];
    const role = roles.includes('ROLE_ADMIN') || roles.includes('ROLE_PARAM_MEDISUIV') ? 'admin' : 'operator';
    const pseudonym = deps.config.activityStaffNames === 'pseudonym';
    return {
      kind: 'staff',
      role,
      pseudonym,
      name: pseudonym
        ? staffPseudonym(deps.config.codeSecret, row.actorUserId)
        : formatPersonName(row.actorLastName ?? '', row.actorFirstName ?? ''),
    };
  }
  return { kind: 'system', ...none };
}

async function titlesOf(
  db: Db,
  participantId: number,
  rows: ActivityRow[],
  language: Language,
): Promise<{ documents: Map<number, string>; attachments: Map<number, string> }> {
  const named = rows.map(documentsOf);
  const [documentRows, attachmentRows] = await Promise.all([
    readDocumentTitles(db, participantId, [...new Set(named.flatMap((item) => item.documents))]),
    readAttachmentNames(db, participantId, [...new Set(named.flatMap((item) => item.attachments))]),
  ]);
  return {
    documents: new Map(documentRows.map((row) => [row.id, documentShownName(row, language)])),
    attachments: new Map(attachmentRows.map((row) => [row.id, row.name])),
  };
}

/** The sessions the page's password sign-ins opened (SIGN_IN targets its session). */
function signInSessions(rows: ActivityRow[]): string[] {
  return rows.flatMap((row) =>
    row.action === 'SIGN_IN' && row.targetType === 'session' && row.targetId !== null ? [row.targetId] : [],
  );
}

/**
 * A participant's sign-in is a password accepted, then the text-message code confirmed on that same
 * session (docs/activity.md#events): one whose code never came is told apart, since it is what shows
 * that another knows the password. A row naming no session is taken as
 * confirmed.
 */
function confirmedSignIn(row: ActivityRow, confirmed: Set<string>): boolean {
  if (row.targetType !== 'session' || row.targetId === null) return true;
  return confirmed.has(row.targetId);
}

/** An added or removed factor is a passkey or an app, as the row's details say. */
function factorKind(row: { action: string; details: Record<string, unknown> | null }): ActivityKind | null {
  if (row.details?.factor !== 'app') return null;
  if (row.action === 'SECOND_FACTOR_ADDED') return 'appAdded';
  if (row.action === 'SECOND_FACTOR_REMOVED') return 'appRemoved';
  return null;
}

/**
 * GET participant/activite (docs/activity.md): the caller's own trail, translated here from the raw
 * rows into facts; nothing of a row leaves the server unless named below (no address, no details).
 * Reading it writes nothing (the list would only fill with itself).
 */

export async function listActivity(
  deps: ActivityDeps,
  caller: Caller,
  query: ActivityQuery,
): Promise<ActivityList> {
  const participantId = caller.participantId;
  if (participantId === null) return { items: [], totalRows: 0, subTotal: 0 };
  const owner = { participantId, userId: caller.userId };
  const { rows, total } = await readActivityPage(deps.db, owner, query.type, query);
  const [titles, confirmed] = await Promise.all([
    titlesOf(deps.db, participantId, rows, replyLanguage(caller, query.langue)),
    readConfirmedSessions(deps.db, caller.userId, signInSessions(rows)),
  ]);
  const items = rows.flatMap((row): ActivityEntry[] => {
    const spec = ACTIVITY_EVENTS[row.action];
    if (!spec) return [];
    const kind =
      row.action === 'SIGN_IN' && !confirmedSignIn(row, confirmed)
        ? 'signInUnconfirmed'
        : (factorKind(row) ?? spec.kind);
    const named = documentsOf(row);
    const browser =
      spec.filter === 'signIns' && typeof row.details?.browser === 'string' ? row.details.browser : null;
    return [
      {
        id: row.id,
        at: row.at.toISOString(),
        kind,
        actor: actorOf(row, owner, deps),
        browser,
        documents: [
          ...named.documents.flatMap((id) => titles.documents.get(id) ?? []),
          ...named.attachments.flatMap((id) => titles.attachments.get(id) ?? []),
        ],
        documentCount: named.documents.length + named.attachments.length,
        recipientDomain: spec.filter === 'documents' ? domainOf(row.details) : null,
        fields: spec.filter === 'recordChanges' ? fieldsOf(row.details) : [],
        staffAction: staffActionOf(row.action),
      },
    ];
  });
  return { items, totalRows: total, subTotal: items.length };
}

/** How many events one read of the whole trail takes at a time (the list's largest page). */
const EXPORT_PAGE = 100;

/**
 * The caller's whole trail as "My activity" tells it, newest first, a page at a time: the activity of
 * the participant's archive (activite.csv, docs/personal-details.md#my-data) is the screen's list.
 */
export async function* activityPages(
  deps: ActivityDeps,
  caller: Caller,
  language: Language,
): AsyncGenerator<ActivityEntry[]> {
  for (let page = 0; ; page++) {
    const { items, totalRows } = await listActivity(deps, caller, {
      page,
      size: EXPORT_PAGE,
      langue: language,
    });
    if (items.length > 0) yield items;
    if ((page + 1) * EXPORT_PAGE >= totalRows) return;
  }
}
