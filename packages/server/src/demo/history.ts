import type {
  appointments,
  checkups,
  DocumentCategory,
  documentAttachmentContents,
  documentAttachments,
  documentContents,
  documents,
  visits,
} from '../db/schema';
import {
  APPOINTMENT_STATUSES,
  DOCUMENT_STEMS,
  DOCUMENT_TYPE_SEEDS,
  VISIT_STATES,
  VISIT_TEMPLATES,
} from './catalogue';
import { addDays, atTime, compactDate, DAY_MS, isoDate } from './dates';
import type { Ids } from './insert';
import type { DemoPdfs } from './pdfs';
import type { ParticipantRow, PersonFacts } from './people';
import type { Random } from './random';
import { CHECKUP_TYPE } from './reference';

export interface HistoryRows {
  checkups: (typeof checkups.$inferInsert)[];
  visits: (typeof visits.$inferInsert)[];
  appointments: (typeof appointments.$inferInsert)[];
  documents: (typeof documents.$inferInsert)[];
  documentContents: (typeof documentContents.$inferInsert)[];
  attachments: (typeof documentAttachments.$inferInsert)[];
  attachmentContents: (typeof documentAttachmentContents.$inferInsert)[];
}

export const emptyHistory = (): HistoryRows => ({
  checkups: [],
  visits: [],
  appointments: [],
  documents: [],
  documentContents: [],
  attachments: [],
  attachmentContents: [],
});

export interface HistoryPlan {
  pastCheckups: number;
  inProgress: boolean;
  /** Documents for no check-up, the latest closed one, or every closed one. */
  documents: 'none' | 'latest' | 'all';
  /** Every optional element (mammography, osteopathy, third visit, attachments): for participant.dmc. */
  complete: boolean;
  /** The check-up in progress started two months ago and every visit is behind (participant.visites). */
  visitsBehind?: boolean;
}

export interface HistoryContext {
  random: Random;
  today: Date;
  pdfs: DemoPdfs;
  doctors: {
    cardiologists: readonly string[];
    internists: readonly string[];
    gynecologists: readonly string[];
  };
  ids: { checkups: Ids; visits: Ids; appointments: Ids; documents: Ids; attachments: Ids };
}

const GYN_TYPES: readonly number[] = [CHECKUP_TYPE.traditionalGyn, CHECKUP_TYPE.expatriateGyn];
const CATEGORIES: readonly DocumentCategory[] = [
  'MEDICO_TECHNIQUE',
  'CONS_MEDICAL',
  'CONSULT_GYN',
  'COURRIER',
];

/** Check-ups of a participant: closed or invoiced ones, one a year back, then maybe one in progress. */
export function buildHistory(
  ctx: HistoryContext,
  p: ParticipantRow,
  facts: PersonFacts,
  plan: HistoryPlan,
  out: HistoryRows,
): void {
  const { random, today } = ctx;
  const scope = {
    participantId: p.id,
    establishmentId: p.establishmentId,
    companyId: p.companyId,
    groupId: p.groupId ?? null,
  };
  const closed: { id: number; closing: Date; latest: boolean }[] = [];
  for (let k = plan.pastCheckups; k >= 1; k--) {
    const start = addDays(today, -(k - 1) * 365 - random.int(40, 365));
    if (start < facts.membership || (p.terminationDate && isoDate(start) > p.terminationDate)) continue;
    const closing = addDays(start, random.int(7, 35));
    const billing = addDays(closing, random.int(5, 60));
    const invoiced = billing < today && random.chance(0.85);
    const id = ctx.ids.checkups.next();
    out.checkups.push({
      id,
      ...scope,
      checkupTypeId: p.checkupTypeId,
      state: invoiced ? 'INVOICED' : 'CLOSED',
      firstAppointmentDate: isoDate(start),
      closingDate: isoDate(closing),
      billingDate: invoiced ? isoDate(billing) : null,
      createdAt: addDays(start, -random.int(20, 60)),
    });
    closed.push({ id, closing, latest: k === 1 });
  }
  if (plan.inProgress) {
    // participant.dmc's check-up started ten days ago: its first visit and mammography are done,
    // the rest is planned, so the home card shows both states.
    const start = addDays(today, plan.visitsBehind ? -60 : plan.complete ? -10 : random.int(-45, 20));
    const id = ctx.ids.checkups.next();
    out.checkups.push({
      id,
      ...scope,
      checkupTypeId: p.checkupTypeId,
      state: 'IN_PROGRESS',
      firstAppointmentDate: isoDate(start),
      createdAt: addDays(start, -random.int(20, 60)),
    });
    buildVisits(ctx, p, facts, plan, id, start, out);
  }
  const withDocuments =
    plan.documents === 'all' ? closed : plan.documents === 'latest' ? closed.slice(-1) : [];
  for (const checkup of withDocuments) buildDocuments(ctx, p, facts, plan, checkup, out);
}

function buildVisits(
  ctx: HistoryContext,
  p: ParticipantRow,
  facts: PersonFacts,
  plan: HistoryPlan,
  checkupId: number,
  start: Date,
  out: HistoryRows,
): void {
  const { random, today } = ctx;
  const gyn = GYN_TYPES.includes(p.checkupTypeId ?? 0);
  // Days first, then times of day: `start` is a midnight, the visits happen at office hours.
  const fixed = plan.complete || plan.visitsBehind === true;
  const secondDay = addDays(start, fixed ? 14 : random.int(7, 21));
  const thirdDay = addDays(secondDay, fixed ? 14 : random.int(7, 21));
  const first = atTime(start, 7, 30);
  const second = atTime(secondDay, 9);
  // A third visit left "to plan" would still be ahead: participant.visites has all three done.
  const third = fixed || random.chance(0.7) ? atTime(thirdDay, 14) : null;
  const starts: Record<string, Date | null> = {
    '1': first,
    '2': second,
    '3': third,
    MAMMOGRAPHY:
      facts.female && (plan.complete || random.chance(0.8))
        ? atTime(addDays(start, plan.complete ? 3 : random.int(1, 6)), 11)
        : null,
    OSTEOPATHY: plan.complete || random.chance(0.35) ? atTime(addDays(secondDay, 1), 16) : null,
  };
  for (const template of VISIT_TEMPLATES) {
    const key = template.order === null ? template.kind : String(template.order);
    const startsAt = starts[key] ?? null;
    // Mammography and osteopathy exist only when prescribed; an unscheduled third visit is "to plan".
    if (template.kind !== 'VISIT' && !startsAt) continue;
    const state = !startsAt
      ? VISIT_STATES.toPlan
      : startsAt < today
        ? VISIT_STATES.done
        : VISIT_STATES.planned;
    const endsAt = startsAt ? new Date(startsAt.getTime() + template.minutes * 60_000) : null;
    const visitId = ctx.ids.visits.next();
    out.visits.push({
      id: visitId,
      checkupId,
      participantId: p.id,
      kind: template.kind,
      typeLabel: template.label,
      typeLabelEn: template.labelEn,
      visitOrder: template.order,
      startsAt,
      endsAt,
      expectedDurationMinutes: template.minutes,
      stateLabel: state.label,
      stateLabelEn: state.labelEn,
      stateColour: state.colour,
    });
    if (!startsAt || !endsAt) continue;
    out.appointments.push({
      id: ctx.ids.appointments.next(),
      visitId,
      participantId: p.id,
      purpose: template.label,
      purposeEn: template.labelEn,
      startsAt,
      endsAt,
      checkupInProgress: true,
      cardiologist: template.order === 2 ? random.pick(ctx.doctors.cardiologists) : null,
      internist: template.kind === 'VISIT' ? random.pick(ctx.doctors.internists) : null,
      gynecologist:
        (gyn && template.order === 2) || template.kind === 'MAMMOGRAPHY'
          ? random.pick(ctx.doctors.gynecologists)
          : null,
      ...statusColumns(startsAt < today ? APPOINTMENT_STATUSES.done : APPOINTMENT_STATUSES.confirmed),
    });
  }
}

const statusColumns = (status: { label: string; labelEn: string }) => ({
  status: status.label,
  statusEn: status.labelEn,
});

function buildDocuments(
  ctx: HistoryContext,
  p: ParticipantRow,
  facts: PersonFacts,
  plan: HistoryPlan,
  checkup: { id: number; closing: Date; latest: boolean },
  out: HistoryRows,
): void {
  const { random, today, pdfs } = ctx;
  for (const category of CATEGORIES) {
    if (category === 'CONSULT_GYN' && !facts.female) continue;
    const type = random.pick(DOCUMENT_TYPE_SEEDS.filter((t) => t.category === category));
    const created = new Date(
      Math.min(atTime(addDays(checkup.closing, random.int(0, 7)), 10).getTime(), today.getTime() - DAY_MS),
    );
    const id = ctx.ids.documents.next();
    const overridden = !plan.complete && random.chance(0.1);
    out.documents.push({
      id,
      participantId: p.id,
      checkupId: checkup.id,
      checkupYear: checkup.closing.getUTCFullYear(),
      category,
      documentTypeId: type.id,
      name: `${DOCUMENT_STEMS[category]}_${compactDate(created)}_${p.id}.pdf`,
      // No label of its own: the server titles it from its type and its check-up's day, in the reader's
      // language (documents/document-title.ts).
      label: null,
      nameDisplayMode: overridden
        ? type.nameDisplayMode === 'INFO_DOCUMENT'
          ? 'NOM_DOCUMENT'
          : 'INFO_DOCUMENT'
        : null,
      createdAt: created,
      active: plan.complete || random.chance(0.97),
      unread: checkup.latest && (plan.complete || random.chance(0.5)),
    });
    out.documentContents.push({ documentId: id, content: pdfs.byCategory[category] });
    if (category !== 'CONS_MEDICAL' || !(plan.complete || random.chance(0.5))) continue;
    const attachments = [
      { kind: 'EXTRACIEM' as const, name: `ECG_${compactDate(created)}.pdf`, content: pdfs.attachment },
      {
        kind: 'LS' as const,
        name: `Lettre_synthese_${compactDate(created)}.pdf`,
        content: pdfs.lsAttachment,
      },
    ];
    for (const attachment of attachments) {
      const attachmentId = ctx.ids.attachments.next();
      out.attachments.push({
        id: attachmentId,
        documentId: id,
        kind: attachment.kind,
        name: attachment.name,
        createdAt: created,
      });
      out.attachmentContents.push({ attachmentId, content: attachment.content });
    }
  }
}
