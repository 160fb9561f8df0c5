import { errorReply } from '@portail/contract/schemas/common';
import { type ParticipantCreate, participantCreatedReply } from '@portail/contract/schemas/participants';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/auth/secrets';
import { accountTokens, companies, establishments, participants, users } from '../src/db/schema';
import { CATEGORY, CHECKUP_TYPE, CIVILITY, FRANCE, GENDER, ORIGIN } from '../src/demo/reference';
import { centreToday } from '../src/lib/dates';
import { createTestContext, passwordRequest, type TestContext } from './helper';
import {
  correspondantOf,
  findParticipant,
  headersOf,
  lastAudit,
  participantRow,
  rowCounts,
  scopeOf,
  validForm,
} from './participants-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ participants: 200 });
});
afterAll(async () => ctx.close());

async function create(
  body: unknown,
  login = 'corr.etablissement',
  kind: 'correspondant' | 'participant' = 'correspondant',
) {
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/adherentsCorrespondant/detail',
    headers: await headersOf(ctx, login, kind),
    payload: body as Record<string, unknown>,
  });
}

async function created(body: ParticipantCreate, login = 'corr.etablissement') {
  const reply = await create(body, login);
  expect(reply.statusCode, reply.body).toBe(200);
  const parsed = participantCreatedReply.parse(reply.json());
  return { reply: parsed, row: await participantRow(ctx, parsed.idParticipant) };
}

/** A refusal changes nothing: no participant, account, token, audit row, transfer or mail. */
async function expectNothingWritten(attempt: () => Promise<unknown>) {
  const before = await rowCounts(ctx);
  await attempt();
  expect(await rowCounts(ctx)).toEqual(before);
}

async function fieldErrorsOf(body: unknown, login = 'corr.etablissement') {
  const reply = await create(body, login);
  expect(reply.statusCode, reply.body).toBe(400);
  return errorReply.parse(reply.json()).fieldErrors ?? [];
}

async function businessErrorOf(body: unknown, login = 'corr.etablissement') {
  const reply = await create(body, login);
  expect(reply.statusCode, reply.body).toBe(409);
  return errorReply.parse(reply.json()).ciemException?.messages.map((m) => m.errorCode);
}

describe('PUT /api/adherentsCorrespondant/detail: success', () => {
  it('creates the participant with the defaults, an inactive account and a mailed activation link', async () => {
    const corr = await correspondantOf(ctx, 'corr.etablissement');
    const mailsBefore = ctx.notifier.mails.length;
    const form = validForm({ nom: '  Lefèvre-Dupré  de la  Tour ', prenom: 'Zoé' });
    const { reply, row } = await created(form);
    const today = centreToday();

    expect(reply.participantcree).toBe(true);
    expect(reply.ciemException.messages).toEqual([
      { level: 'INFO', errorCode: 'participant.cree' },
      { level: 'INFO', errorCode: 'participant.activation.envoyee' },
    ]);
    const [establishment] = await ctx.database.db
      .select({
        companyId: establishments.companyId,
        companyName: companies.name,
        groupId: companies.groupId,
      })
      .from(establishments)
      .innerJoin(companies, eq(companies.id, establishments.companyId))
      .where(eq(establishments.id, corr.establishmentId ?? -1));
    expect(row).toMatchObject({
      active: true,
      lastName: 'LEFEVRE-DUPRE DE LA TOUR',
      firstName: 'Zoé',
      membershipDate: today,
      firstMembershipDate: today,
      originId: ORIGIN.paris,
      categoryId: CATEGORY.employee,
      appointmentManagementId: 1221,
      checkupTypeId: CHECKUP_TYPE.traditional,
      establishmentId: corr.establishmentId,
      companyId: establishment?.companyId,
      groupId: establishment?.groupId,
      companyName: establishment?.companyName,
      useEstablishmentAddress: false,
      addressPostalCode: '75002',
      addressStreetName: 'de la Paix',
      mobile: '06 12 34 56 78',
      email: form.mail,
      transferInProgress: false,
      checkupInProgress: false,
      lockedByExternalSystem: false,
    });
    expect(row.phoneticName).toMatch(/^[A-Z][A-Z ]+$/);

    // The account cannot sign in until registration: inactive and without a password.
    const [account] = await ctx.database.db.select().from(users).where(eq(users.participantId, row.id));
    expect(account).toMatchObject({
      kind: 'PARTICIPANT',
      passwordHash: null,
      active: false,
      roles: ['ROLE_PARTICIPANT'],
      email: form.mail,
      mobile: form.telephonePortable,
      lastName: 'LEFEVRE-DUPRE DE LA TOUR',
      firstName: 'Zoé',
    });
    // Initial, name and eight random characters (issue 17): not derivable from the name or the id.
    expect(account?.login).toMatch(/^z\.lefevre\.dupre\.de\.la\.tour\.[a-hjkmnp-z2-9]{8}$/);
    expect(account?.login).not.toContain(String(row.id));
    const signIn = await passwordRequest(ctx.app, account?.login ?? '', false, 'Anything#2026');
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json()).toMatchObject({ error: 'invalid_grant' });

    // The link is mailed once, in French; only its hash is stored, valid for 7 days.
    expect(ctx.notifier.mails).toHaveLength(mailsBefore + 1);
    const mail = ctx.notifier.mails.at(-1);
    expect(mail?.to).toBe(form.mail);
    expect(mail?.subject).toContain('activez votre compte');
    expect(mail?.text.startsWith('Bonjour LEFEVRE-DUPRE DE LA TOUR Zoé,\n\n')).toBe(true);
    const link = mail?.text.match(/(\S+\/user\/registrationCompte\?token=(\S+))/);
    expect(link?.[1]?.startsWith(`${ctx.config.publicUrl}/user/registrationCompte?token=`)).toBe(true);
    const token = decodeURIComponent(link?.[2] ?? '');
    const [stored] = await ctx.database.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, account?.id ?? -1));
    expect(stored?.purpose).toBe('REGISTRATION');
    expect(stored?.tokenHash).toBe(hashToken(token));
    expect(stored?.tokenHash).not.toContain(token);
    const days = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const entry = await lastAudit(ctx, 'PARTICIPANT_CREATED', row.id);
    expect(entry).toMatchObject({ actorUserId: corr.userId, targetType: 'participant' });
  });

  it('sets the origin from the address: Province outside the Paris region, abroad for a foreign country', async () => {
    const bordeaux = validForm({
      adresse: { ...validForm().adresse, codePostal: '33000', localite: 'Bordeaux' },
    });
    expect((await created(bordeaux)).row.originId).toBe(ORIGIN.province);
    const berlin = validForm({
      adresse: { ...validForm().adresse, codePostal: '10115', localite: 'Berlin', pays: 701 },
    });
    expect((await created(berlin)).row.originId).toBe(ORIGIN.abroad);
    const expatriate = validForm({ paysExercice: 730 });
    expect((await created(expatriate)).row.originId).toBe(ORIGIN.abroad);
    const given = validForm({
      provenance: ORIGIN.province,
      adresse: { ...validForm().adresse, codePostal: '69001', localite: 'Lyon' },
    });
    expect((await created(given)).row.originId).toBe(ORIGIN.province);
  });

  it('uses the establishment address when the address is incomplete or when asked to', async () => {
    const corr = await correspondantOf(ctx, 'corr.etablissement');
    const [e] = await ctx.database.db
      .select()
      .from(establishments)
      .where(eq(establishments.id, corr.establishmentId ?? -1));
    const incomplete = validForm({ adresse: { ...validForm().adresse, nomVoie: null } });
    const asked = validForm({ utiliserAdresseEtablissement: true });
    for (const form of [incomplete, asked]) {
      const { row } = await created(form);
      expect(row).toMatchObject({
        useEstablishmentAddress: true,
        addressStreetName: e?.geoStreetName,
        addressStreetNumber: e?.geoStreetNumber,
        addressPostalCode: e?.geoPostalCode,
        addressLocality: e?.geoLocality,
        addressCountryId: e?.geoCountryId,
      });
    }
  });

  it('lets a company correspondant create in an establishment of their company, which then owns the row', async () => {
    const corr = await correspondantOf(ctx, 'corr.entreprise');
    const [other] = await ctx.database.db
      .select({ id: establishments.id })
      .from(establishments)
      .where(
        and(
          eq(establishments.companyId, corr.companyId ?? -1),
          ne(establishments.id, (await correspondantOf(ctx, 'corr.etablissement')).establishmentId ?? -1),
        ),
      )
      .limit(1);
    const { row } = await created(validForm({ idEtablissement: other?.id ?? -1 }), 'corr.entreprise');
    expect(row.establishmentId).toBe(other?.id);
    expect(row.companyId).toBe(corr.companyId);
  });

  it('keeps dates and choices the form gives', async () => {
    const { row } = await created(
      validForm({
        dateAdhesion: '2024-01-02',
        datePremiereAdhesion: '2020-03-04',
        categorie: CATEGORY.retired,
        gestionRdv: 1220,
        provenance: ORIGIN.paris,
        civilite: CIVILITY.mr,
        sexe: GENDER.male,
        nomJeuneFille: 'Müller',
        contact: {
          ...validForm().contact,
          civilite: CIVILITY.mrs,
          nom: 'Durand',
          telephonePortable: '07 58 22 33 44',
        },
      }),
    );
    expect(row).toMatchObject({
      membershipDate: '2024-01-02',
      firstMembershipDate: '2020-03-04',
      categoryId: CATEGORY.retired,
      appointmentManagementId: 1220,
      maidenName: 'MULLER',
      contactCivilityId: CIVILITY.mrs,
      contactLastName: 'Durand',
      contactMobile: '07 58 22 33 44',
    });
  });

  it('still creates the participant when the activation mail cannot be sent', async () => {
    const mail = ctx.notifier.mail;
    ctx.notifier.mail = async () => {
      throw new Error('SMTP down');
    };
    try {
      const { reply, row } = await created(validForm());
      expect(reply.ciemException.messages.map((m) => m.errorCode)).toEqual(['participant.cree']);
      expect(row.active).toBe(true);
      const [account] = await ctx.database.db.select().from(users).where(eq(users.participantId, row.id));
      expect(account?.active).toBe(false);
    } finally {
      ctx.notifier.mail = mail;
    }
  });
});

describe('PUT /api/adherentsCorrespondant/detail: refusals write nothing', () => {
  const REQUIRED: [string, (form: ParticipantCreate) => unknown][] = [
    ['civilite', (f) => ({ ...f, civilite: null })],
    ['nom', (f) => ({ ...f, nom: '   ' })],
    ['prenom', (f) => ({ ...f, prenom: '' })],
    ['dateNaissance', (f) => ({ ...f, dateNaissance: null })],
    ['sexe', (f) => ({ ...f, sexe: null })],
    ['paysExercice', (f) => ({ ...f, paysExercice: undefined })],
    ['typeBilan', (f) => ({ ...f, typeBilan: null })],
    ['dateProchainBilan', (f) => ({ ...f, dateProchainBilan: '' })],
    ['periodicite', (f) => ({ ...f, periodicite: null })],
    ['telephonePortable', (f) => ({ ...f, telephonePortable: '' })],
    ['mail', (f) => ({ ...f, mail: null })],
    ['adresse.pays', (f) => ({ ...f, adresse: { ...f.adresse, pays: null } })],
  ];
  it.each(REQUIRED)('requires %s', async (field, without) => {
    await expectNothingWritten(async () => {
      expect(await fieldErrorsOf(without(validForm()))).toContainEqual({
        field,
        defaultMessage: 'errors.required',
      });
    });
  });

  it('checks formats: mail, postal code length, mobile numbers, birth date, origin', async () => {
    await expectNothingWritten(async () => {
      expect(await fieldErrorsOf(validForm({ mail: 'not-a-mail' }))).toEqual([
        { field: 'mail', defaultMessage: 'errors.email' },
      ]);
      expect(
        await fieldErrorsOf(validForm({ adresse: { ...validForm().adresse, codePostal: '12345678901' } })),
      ).toEqual([{ field: 'adresse.codePostal', defaultMessage: 'errors.maxlength', args: ['10'] }]);
      expect(await fieldErrorsOf(validForm({ telephonePortable: '01 23 45 67 89' }))).toEqual([
        { field: 'telephonePortable', defaultMessage: 'errors.portable' },
      ]);
      expect(
        await fieldErrorsOf(validForm({ contact: { ...validForm().contact, telephonePortable: '12' } })),
      ).toEqual([{ field: 'contact.telephonePortable', defaultMessage: 'errors.portable' }]);
      expect(await fieldErrorsOf(validForm({ dateNaissance: '2999-01-01' }))).toEqual([
        { field: 'dateNaissance', defaultMessage: 'errors.date' },
      ]);
      expect(await fieldErrorsOf(validForm({ provenance: ORIGIN.abroad }))).toEqual([
        { field: 'provenance', defaultMessage: 'errors.provenance' },
      ]);
    });
  });

  it('refuses names that a spreadsheet would read as a formula (= + - @; a TAB or CR is a control character)', async () => {
    await expectNothingWritten(async () => {
      expect(
        await fieldErrorsOf(
          validForm({ nom: '=HYPERLINK("http://x.example")', prenom: ' +33612', nomJeuneFille: '@SUM(A1)' }),
        ),
      ).toEqual([
        { field: 'nom', defaultMessage: 'errors.debutFormule' },
        { field: 'prenom', defaultMessage: 'errors.debutFormule' },
        { field: 'nomJeuneFille', defaultMessage: 'errors.debutFormule' },
      ]);
      // The control-character rule of every route answers first (lib/validator.ts).
      expect(await fieldErrorsOf(validForm({ prenom: '\t-Jean' }))).toEqual([
        { field: 'prenom', defaultMessage: 'errors.controlCharacter' },
      ]);
    });
  });

  it('refuses ids of the wrong enumeration, all at once', async () => {
    await expectNothingWritten(async () => {
      const errors = await fieldErrorsOf(
        validForm({
          civilite: GENDER.male,
          typeBilan: FRANCE,
          periodicite: 999_999,
          adresse: { ...validForm().adresse, typeVoie: CIVILITY.mr },
          contact: { ...validForm().contact, civilite: CATEGORY.employee },
        }),
      );
      expect(errors).toEqual(
        expect.arrayContaining(
          ['civilite', 'typeBilan', 'periodicite', 'adresse.typeVoie', 'contact.civilite'].map((field) => ({
            field,
            defaultMessage: 'errors.invalid',
          })),
        ),
      );
      expect(errors).toHaveLength(5);
    });
  });

  it('refuses a check-up type correspondants may not choose', async () => {
    await expectNothingWritten(async () => {
      expect(await businessErrorOf(validForm({ typeBilan: CHECKUP_TYPE.extended }))).toEqual([
        'participant.error.typeBilanInterdit',
      ]);
    });
  });

  it('refuses a duplicate of an active participant, first names compared without case or accents', async () => {
    const form = validForm({ prenom: 'Jean-Éric' });
    await created(form);
    await expectNothingWritten(async () => {
      expect(await businessErrorOf({ ...form, nom: form.nom.toUpperCase(), prenom: 'jean eric' })).toEqual([
        'participant.error.doublon',
      ]);
    });
    // An existing demo participant of another establishment of the caller's company: the company
    // correspondant's scope holds both, so the duplicate is theirs to see (participants-duplicates.test.ts
    // covers one outside the scope, which must not be told).
    const other = await findParticipant(
      ctx,
      and(
        eq(participants.active, true),
        await scopeOf(ctx, 'corr.entreprise'),
        ne(
          participants.establishmentId,
          (await correspondantOf(ctx, 'corr.etablissement')).establishmentId ?? -1,
        ),
      ),
      'active in corr.entreprise, outside corr.etablissement',
    );
    await expectNothingWritten(async () => {
      expect(
        await businessErrorOf(
          validForm({
            nom: other.lastName.toLowerCase(),
            prenom: other.firstName,
            dateNaissance: other.birthDate,
            idEtablissement: (await correspondantOf(ctx, 'corr.etablissement')).establishmentId,
          }),
          'corr.entreprise',
        ),
      ).toEqual(['participant.error.doublon']);
    });
  });

  it('creates the same person once when several correspondants race', async () => {
    const form = validForm({ prenom: 'Race' });
    const replies = await Promise.all(
      ['corr.etablissement', 'corr.entreprise', 'corr.groupe', 'corr.etablissement', 'corr.entreprise'].map(
        async (login) =>
          create(
            { ...form, idEtablissement: (await correspondantOf(ctx, 'corr.etablissement')).establishmentId },
            login,
          ),
      ),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const rows = await ctx.database.db
      .select({ id: participants.id })
      .from(participants)
      .where(and(eq(participants.birthDate, form.dateNaissance), eq(participants.firstName, 'Race')));
    expect(rows).toHaveLength(1);
  });

  it('refuses an establishment outside the scope, and asks a non-establishment correspondant for one', async () => {
    const foreign = await correspondantOf(ctx, 'corr.autre');
    await expectNothingWritten(async () => {
      const reply = await create(validForm({ idEtablissement: foreign.establishmentId }));
      expect(reply.statusCode).toBe(400);
      const body = errorReply.parse(reply.json());
      expect(body.fieldErrors).toEqual([{ field: 'idEtablissement', defaultMessage: 'errors.invalid' }]);
      expect(body.ciemException?.messages).toEqual([
        { level: 'ERROR', errorCode: 'participant.error.etablissement' },
      ]);
      expect(await fieldErrorsOf(validForm({ idEtablissement: 999_999 }))).toEqual([
        { field: 'idEtablissement', defaultMessage: 'errors.invalid' },
      ]);
      expect(await fieldErrorsOf(validForm(), 'corr.groupe')).toEqual([
        { field: 'idEtablissement', defaultMessage: 'errors.required' },
      ]);
    });
  });

  it('refuses an establishment that has left the centre', async () => {
    const [closed] = await ctx.database.db
      .select({ id: establishments.id })
      .from(establishments)
      .where(isNotNull(establishments.terminationDate))
      .limit(1);
    if (!closed) throw new Error('the demo has no terminated establishment');
    await expectNothingWritten(async () => {
      // The group correspondant reaches every establishment of the main group, the closed one too.
      const reply = await create(validForm({ idEtablissement: closed.id }), 'corr.groupe');
      expect(reply.statusCode).toBe(400);
      const body = errorReply.parse(reply.json());
      expect(body.ciemException?.messages).toEqual([
        { level: 'ERROR', errorCode: 'participant.error.etablissementResilie' },
      ]);
    });
  });

  it('is for correspondants only', async () => {
    await expectNothingWritten(async () => {
      expect((await create(validForm(), 'participant.dmc', 'participant')).statusCode).toBe(403);
      const admin = await headersOf(ctx, 'admin', 'staff');
      const reply = await ctx.app.inject({
        method: 'PUT',
        url: '/api/adherentsCorrespondant/detail',
        headers: admin,
        payload: validForm(),
      });
      expect(reply.statusCode).toBe(403);
    });
  });
});
