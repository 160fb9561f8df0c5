import type { Address, Extension, Identifier, Patient } from '@medplum/fhirtypes';
import { INS_NIR_SYSTEM, ORGANIZATION_PREFIX, PORTAL_ID_SYSTEM } from '@portail/contract/integration/fhir';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import { participants } from '../../db/schema';
import type { ParticipantRecord } from '../participants';
import type { CodeBook } from './codes';
import { invalid } from './fhir-outcome';
import {
  codeBook,
  type FhirContext,
  type FhirResourceHandler,
  type SearchParameterInfo,
} from './fhir-resource';
import { PATIENT_EXTENSIONS } from './patient-extensions';
import { createPatient, updatePatient } from './patient-store';
import { lastUpdatedSql } from './search-params';

const GENDERS: Record<string, Patient['gender']> = { M: 'male', F: 'female' };

const ext = PATIENT_EXTENSIONS;

const ADXP = 'http://hl7.org/fhir/StructureDefinition/iso21090-ADXP-';

const present = <T>(value: T | null | undefined): value is T =>
  value !== null && value !== undefined && value !== '';

function codingExtension(url: string, book: CodeBook, id: number | null): Extension[] {
  const coding = book.coding(id);
  return coding ? [{ url, valueCoding: coding }] : [];
}

function address(row: ParticipantRecord, book: CodeBook): Address[] {
  const street = [row.addressStreetNumber, book.item(row.addressStreetTypeId)?.label, row.addressStreetName]
    .filter(present)
    .join(' ');
  const lines = [row.addressLine1, row.addressLine2, row.addressLine3, street, row.addressLine5].filter(
    present,
  );
  const parts: Extension[] = [
    ...(present(row.addressStreetNumber)
      ? [{ url: `${ADXP}houseNumber`, valueString: row.addressStreetNumber }]
      : []),
    ...(present(row.addressStreetTypeId)
      ? [{ url: `${ADXP}streetNameType`, valueString: book.code(row.addressStreetTypeId) ?? '' }]
      : []),
    ...(present(row.addressStreetName)
      ? [{ url: `${ADXP}streetNameBase`, valueString: row.addressStreetName }]
      : []),
  ];
  const country = book.code(row.addressCountryId);
  const result: Address = {
    use: 'home',
    ...(lines.length > 0 ? { line: lines } : {}),
    ...(present(row.addressPostalCode) ? { postalCode: row.addressPostalCode } : {}),
    ...(present(row.addressLocality) ? { city: row.addressLocality } : {}),
    ...(country ? { country } : {}),
    ...(parts.length > 0 ? { extension: parts } : {}),
  };
  return Object.keys(result).length > 1 ? [result] : [];
}

/**
 * A participant as a FHIR Patient (README "Integration API: resources (FHIR R4)"): identity, contact details,
 * address (with the street's number, type and name as ADXP parts), the establishment as managing
 * organisation, the portal's administrative fields as the portal's extensions.
 */
export function participantToPatient(row: ParticipantRecord, book: CodeBook, centreSystem: string): Patient {
  const identifier: Identifier[] = [
    { system: PORTAL_ID_SYSTEM.participant, value: String(row.id) },
    ...(row.centreId ? [{ system: centreSystem, value: row.centreId }] : []),
    ...(row.insNir
      ? [
          {
            system: INS_NIR_SYSTEM,
            value: row.insNir,
            type: {
              coding: [{ system: 'http://interopsante.org/fhir/CodeSystem/fr-v2-0203', code: 'INS-NIR' }],
            },
          },
        ]
      : []),
  ];
  const gender = GENDERS[book.code(row.genderId) ?? ''];
  const contactName = [row.contactFirstName, row.contactLastName].filter(present);
  const extension: Extension[] = [
    ...codingExtension(ext.category, book, row.categoryId),
    ...codingExtension(ext.checkupType, book, row.checkupTypeId),
    ...codingExtension(ext.periodicity, book, row.periodicityId),
    ...(row.nextCheckupDate ? [{ url: ext.nextCheckup, valueDate: row.nextCheckupDate }] : []),
    ...codingExtension(ext.appointmentManagement, book, row.appointmentManagementId),
    ...codingExtension(ext.origin, book, row.originId),
    ...codingExtension(ext.practiceCountry, book, row.practiceCountryId),
    ...(present(row.profession) ? [{ url: ext.profession, valueString: row.profession }] : []),
    ...(row.membershipDate
      ? [
          {
            url: ext.membership,
            valuePeriod: {
              start: row.membershipDate,
              ...(row.terminationDate ? { end: row.terminationDate } : {}),
            },
          },
        ]
      : []),
    { url: ext.englishOnly, valueBoolean: row.englishOnly },
    { url: ext.checkupInProgress, valueBoolean: row.checkupInProgress },
    { url: ext.transferInProgress, valueBoolean: row.transferInProgress },
    ...(row.lastMammogramDate ? [{ url: ext.lastMammogram, valueDate: row.lastMammogramDate }] : []),
  ];
  return {
    resourceType: 'Patient',
    id: String(row.id),
    meta: { versionId: String(row.version), lastUpdated: row.updatedAt.toISOString() },
    identifier,
    active: row.active,
    name: [
      {
        use: 'official',
        family: row.lastName,
        given: [row.firstName],
        ...(book.code(row.civilityId) ? { prefix: [book.code(row.civilityId) ?? ''] } : {}),
      },
      ...(present(row.maidenName) ? [{ use: 'maiden' as const, family: row.maidenName }] : []),
    ],
    telecom: [
      ...(present(row.mobile)
        ? [{ system: 'phone' as const, use: 'mobile' as const, value: row.mobile }]
        : []),
      ...(present(row.landline)
        ? [{ system: 'phone' as const, use: 'home' as const, value: row.landline }]
        : []),
      ...(present(row.email) ? [{ system: 'email' as const, value: row.email }] : []),
    ],
    ...(gender ? { gender } : {}),
    birthDate: row.birthDate,
    address: address(row, book),
    managingOrganization: {
      reference: `Organization/${ORGANIZATION_PREFIX.establishment}-${row.establishmentId}`,
    },
    ...(row.englishOnly
      ? {
          communication: [
            { language: { coding: [{ system: 'urn:ietf:bcp:47', code: 'en' }] }, preferred: true },
          ],
        }
      : {}),
    ...(contactName.length > 0 || present(row.contactEmail) || present(row.contactMobile)
      ? {
          contact: [
            {
              relationship: [
                { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0131', code: 'C' }] },
              ],
              ...(contactName.length > 0
                ? {
                    name: {
                      ...(present(row.contactLastName) ? { family: row.contactLastName } : {}),
                      ...(present(row.contactFirstName) ? { given: [row.contactFirstName] } : {}),
                    },
                  }
                : {}),
              telecom: [
                ...(present(row.contactMobile)
                  ? [{ system: 'phone' as const, use: 'mobile' as const, value: row.contactMobile }]
                  : []),
                ...(present(row.contactLandline)
                  ? [{ system: 'phone' as const, use: 'work' as const, value: row.contactLandline }]
                  : []),
                ...(present(row.contactEmail) ? [{ system: 'email' as const, value: row.contactEmail }] : []),
              ],
            },
          ],
        }
      : {}),
    extension,
  };
}

const SEARCH_PARAMS: readonly SearchParameterInfo[] = [
  { name: '_id', type: 'token', documentation: 'The portal id of the participant' },
  {
    name: 'identifier',
    type: 'token',
    documentation: `system|value: the portal's participant number (${PORTAL_ID_SYSTEM.participant}) or the centre's (FHIR_PATIENT_ID_SYSTEM, README)`,
  },
  {
    name: '_lastUpdated',
    type: 'date',
    documentation:
      'When the participant last changed (ge, gt, le, lt, eq on an instant); results are in that order',
  },
  { name: 'active', type: 'token', documentation: 'true or false' },
];

const POSITIVE_ID = /^[1-9]\d{0,9}$/;
/** A participant number the database can hold (an integer column). */
const isPortalId = (text: string) => POSITIVE_ID.test(text) && Number(text) <= 2_147_483_647;

function idCondition(text: string, element: string): SQL | undefined {
  if (!isPortalId(text)) throw invalid(`${element} must be a portal id`, element, 'value');
  return eq(participants.id, Number(text));
}

function lastUpdatedCondition(value: string): SQL {
  return lastUpdatedSql(participants.updatedAt, value);
}

function searchConditions(params: URLSearchParams, centreSystem: string): SQL[] {
  const conditions: (SQL | undefined)[] = [];
  for (const [name, value] of params) {
    if (name === '_id') conditions.push(idCondition(value, '_id'));
    if (name === 'identifier') {
      const [system, code = ''] = value.includes('|') ? value.split('|', 2) : [null, value];
      if (system === centreSystem) conditions.push(eq(participants.centreId, code));
      else if (system === INS_NIR_SYSTEM) conditions.push(eq(participants.insNir, code));
      else if (system === null || system === '' || system === PORTAL_ID_SYSTEM.participant)
        conditions.push(idCondition(code, 'identifier'));
      else throw invalid(`identifier system ${system} is not known`, 'identifier', 'value');
    }
    if (name === '_lastUpdated') conditions.push(lastUpdatedCondition(value));
    if (name === 'active') {
      if (value !== 'true' && value !== 'false')
        throw invalid('active takes true or false', 'active', 'value');
      conditions.push(eq(participants.active, value === 'true'));
    }
  }
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

export const patientHandler: FhirResourceHandler<Patient> = {
  type: 'Patient',
  documentation: 'The participants (adhérents) of the centre: README "Integration API: resources (FHIR R4)"',
  searchParams: SEARCH_PARAMS,
  history: true,
  read: async (ctx: FhirContext, id: string) => {
    if (!isPortalId(id)) return null;
    const [row] = await ctx.db
      .select()
      .from(participants)
      .where(eq(participants.id, Number(id)));
    return row ? participantToPatient(row, await codeBook(ctx), ctx.config.centreIdSystems.patient) : null;
  },
  search: async (ctx, params, page) => {
    const centreSystem = ctx.config.centreIdSystems.patient;
    const where = and(...searchConditions(params, centreSystem));
    // One query at a time: inside a write's transaction they share one connection. A first page that
    // is not full is the whole result, and needs no count (a conditional write's lookup is one query).
    const rows = await ctx.db
      .select()
      .from(participants)
      .where(where)
      .orderBy(asc(participants.updatedAt), asc(participants.id))
      .limit(page.count)
      .offset(page.offset);
    const total =
      page.offset === 0 && rows.length < page.count
        ? rows.length
        : ((await ctx.db.select({ n: count() }).from(participants).where(where))[0]?.n ?? 0);
    const book = await codeBook(ctx);
    return {
      resources: rows.map((row) => participantToPatient(row, book, centreSystem)),
      total,
    };
  },
  match: async (ctx, criteria) => {
    const rows = await ctx.db
      .select()
      .from(participants)
      .where(and(...searchConditions(criteria, ctx.config.centreIdSystems.patient)))
      .orderBy(asc(participants.id))
      .limit(2)
      .for('update');
    for (const row of rows) ctx.facts?.lockedParticipants.set(row.id, row);
    return rows.map((row) => String(row.id));
  },
  create: async (ctx, patient) =>
    participantToPatient(
      await createPatient(ctx, patient),
      await codeBook(ctx),
      ctx.config.centreIdSystems.patient,
    ),
  update: async (ctx, id, patient, expectedVersion) => {
    if (!isPortalId(id)) return null;
    const row = await updatePatient(ctx, Number(id), patient, expectedVersion);
    return row && participantToPatient(row, await codeBook(ctx), ctx.config.centreIdSystems.patient);
  },
};
