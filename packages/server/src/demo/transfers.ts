import type { mutations } from '../db/schema';
import type { CorrespondantInfo, CorrespondantSet } from './correspondants';
import { addDays, atTime } from './dates';
import type { Ids } from './insert';
import type { EstablishmentInfo, Organisation } from './organisations';
import type { ParticipantRow } from './people';
import type { Random } from './random';
import { MOVEMENT_REASON_IDS, MOVEMENT_TYPE } from './reference';

export type MutationRow = typeof mutations.$inferInsert;

/** motifmouvement "Autre motif": the reason that needs words of its own. */
const OTHER_REASON_ID = 56;

/** What correspondants write beside a transfer's reason (commentaireMouvement). */
const DEMO_REASON_COMMENTS = [
  'Rapprochement du domicile',
  'Changement de poste au sein du groupe',
  'Réorganisation du service',
  'Demande du salarié',
  'Ouverture du nouveau site',
] as const;

/** Transfers in progress guaranteed in each direction for the main establishment, whatever N is. */
const MIN_MAIN_TRANSFERS = 3;

/**
 * Decides, participant by participant, who has a transfer in progress and who was transferred before,
 * and writes the mutation rows. Transfers never cross between main's group and the unrelated
 * company's, so corr.autre and the main scopes share no participant (the isolation tests rely on it).
 */
export class TransferPlanner {
  readonly rows: MutationRow[] = [];
  private incomingMain = 0;
  private outgoingMain = 0;

  constructor(
    private readonly random: Random,
    private readonly today: Date,
    private readonly org: Organisation,
    private readonly correspondants: CorrespondantSet,
    private readonly ids: Ids,
  ) {}

  private related(a: EstablishmentInfo, b: EstablishmentInfo): boolean {
    const side = (e: EstablishmentInfo) =>
      e.groupId !== null && e.groupId === this.org.main.groupId
        ? 'main'
        : e.companyId === this.org.unrelated.companyId
          ? 'unrelated'
          : 'other';
    const pair = [side(a), side(b)].sort().join('-');
    return pair !== 'main-unrelated';
  }

  private destinationFor(p: ParticipantRow, source: EstablishmentInfo): EstablishmentInfo | null {
    const candidates = this.org.establishments.filter(
      (e) =>
        e !== source &&
        !e.terminated &&
        e.checkupTypes.includes(p.checkupTypeId ?? 0) &&
        this.related(source, e) &&
        (source === this.org.main ? true : e !== this.org.main),
    );
    return candidates.length ? this.random.pick(candidates) : null;
  }

  private author(e: EstablishmentInfo): CorrespondantInfo {
    const author = this.correspondants.byEstablishment.get(e.id)?.[0];
    if (!author) throw new Error(`establishment ${e.id} has no correspondant`);
    return author;
  }

  /** True for the participant about to become the first incoming transfer: it should have a check-up open. */
  wantsCheckup(source: EstablishmentInfo): boolean {
    return this.incomingMain === 0 && source !== this.org.main && source.groupId === this.org.main.groupId;
  }

  /** Possibly gives the participant a transfer in progress; true when it did. */
  planInProgress(p: ParticipantRow, source: EstablishmentInfo, checkupInProgress: boolean): boolean {
    const { org, random } = this;
    let destination: EstablishmentInfo | null = null;
    if (source === org.main && (this.outgoingMain < MIN_MAIN_TRANSFERS || random.chance(0.01))) {
      destination = this.destinationFor(p, source);
      if (destination) this.outgoingMain++;
    } else if (
      source !== org.main &&
      source.groupId === org.main.groupId &&
      org.main.checkupTypes.includes(p.checkupTypeId ?? 0) &&
      (this.incomingMain < MIN_MAIN_TRANSFERS || random.chance(0.01))
    ) {
      destination = org.main;
      this.incomingMain++;
    } else if (random.chance(0.005)) {
      destination = this.destinationFor(p, source);
    }
    if (!destination) return false;
    const author = this.author(source);
    this.rows.push({
      ...this.ends(p, source, destination, author),
      requestedAt: atTime(addDays(this.today, -random.int(0, 20)), 9, random.int(0, 59)),
      state: 'IN_PROGRESS',
      checkupInProgress,
      // The first incoming transfer asks for the check-up to be taken over, for the accept warning.
      takeoverRequested: checkupInProgress && (destination === org.main || random.chance(0.5)),
    });
    return true;
  }

  /** Past transfers, accepted into the participant's establishment or cancelled out of it. */
  planPast(p: ParticipantRow, current: EstablishmentInfo): void {
    const { random } = this;
    const accepted = random.chance(0.01);
    if (!accepted && !random.chance(0.004)) return;
    const other = this.destinationFor(p, current);
    if (!other) return;
    const [source, destination] = accepted ? [other, current] : [current, other];
    const requestedAt = atTime(addDays(this.today, -random.int(30, 700)), 10, random.int(0, 59));
    const closer = this.author(accepted ? destination : source);
    this.rows.push({
      ...this.ends(p, source, destination, this.author(source)),
      requestedAt,
      state: accepted ? 'ACCEPTED' : 'CANCELLED',
      closedAt: addDays(requestedAt, random.int(1, 15)),
      closedByUserId: closer.userId,
    });
  }

  private ends(
    p: ParticipantRow,
    source: EstablishmentInfo,
    destination: EstablishmentInfo,
    author: CorrespondantInfo,
  ) {
    const id = this.ids.next();
    const reasonId = this.random.pick(MOVEMENT_REASON_IDS);
    return {
      id,
      authorUserId: author.userId,
      authorName: author.fullName,
      participantId: p.id,
      sourceEstablishmentId: source.id,
      sourceCompanyId: source.companyId,
      sourceGroupId: source.groupId,
      destinationEstablishmentId: destination.id,
      destinationCompanyId: destination.companyId,
      destinationGroupId: destination.groupId,
      reasonId,
      // "Other reason" always comes with the correspondant's words; other reasons, every third one.
      // Chosen from the row's id, not the random source, so the rest of the demo data stays the same.
      reasonComment:
        reasonId === OTHER_REASON_ID || id % 3 === 0
          ? DEMO_REASON_COMMENTS[id % DEMO_REASON_COMMENTS.length]
          : null,
      movementTypeId: MOVEMENT_TYPE.transfer,
    };
  }
}
