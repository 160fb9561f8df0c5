// `npm run integration:demo`, with `npm start` running: what a centre's back office does through the
// integration API (README "Integration API: demonstration"). It registers a system client (through
// the demo server's own route: the embedded database belongs to the running server), gets a SMART
// Backend Services token, then pushes in one transaction Bundle an establishment, a participant and a
// PDF result, and says where to see them on the portal's screens. Run again, it updates the same
// establishment and participant (conditional updates by the centre's numbers) and adds one more PDF.
// `-- --patient 1` also publishes a PDF to that participant (Patient/1 is participant.dmc), who has an
// account: their notification shows in the demo outbox a couple of minutes later (README "Notifications").
import { randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT } from 'jose';

/** `--patient <id>` (or `--patient=<id>`): a participant who has an account, to publish one more PDF to. */
const patientArgument = (() => {
  const at = process.argv.findIndex(
    (argument) => argument === '--patient' || argument.startsWith('--patient='),
  );
  if (at < 0) return null;
  const value = process.argv[at].includes('=') ? process.argv[at].split('=')[1] : process.argv[at + 1];
  if (!/^\d+$/.test(value ?? '')) {
    console.error('--patient takes the FHIR id of a participant, a number (participant.dmc is 1)');
    process.exit(2);
  }
  return value;
})();
const BASE = (process.env.PORTAL_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, '');
const FHIR = `${BASE}/fhir/R4`;
const PORTAL = 'https://portail-bilans.fr/fhir';
const CENTRE_PATIENT = process.env.FHIR_PATIENT_ID_SYSTEM ?? `${PORTAL}/sid/centre-patient`;
const CENTRE_ORGANIZATION = process.env.FHIR_ORGANIZATION_ID_SYSTEM ?? `${PORTAL}/sid/centre-organization`;
const code = (list, value) => ({ system: `${PORTAL}/CodeSystem/${list}`, code: value });
const extension = (name) => `${PORTAL}/StructureDefinition/${name}`;

function fail(message) {
  console.error(`\n${message}`);
  process.exit(1);
}

async function call(method, url, body, token, accept = []) {
  const reply = await fetch(url, {
    method,
    headers: {
      accept: 'application/fhir+json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  }).catch(() => fail(`No portal answers at ${BASE}: start it first (npm start), or set PORTAL_URL.`));
  const text = await reply.text();
  const json = text ? JSON.parse(text) : null;
  if (accept.includes(reply.status)) return { status: reply.status, ...json };
  if (!reply.ok) {
    const issues = json?.issue?.map((issue) => `${issue.expression?.join(', ') ?? ''} ${issue.diagnostics}`);
    fail(`${method} ${url} answered ${reply.status}: ${issues?.join('; ') ?? text.slice(0, 300)}`);
  }
  return json;
}

/** A one-page PDF saying what it is, written by hand (PDF 1.4, Helvetica, the offsets counted). */
function demoPdf(title, lines) {
  const pdfText = (text) => text.replace(/[\\()]/g, (c) => `\\${c}`);

  const stream = [
    'BT /F1 18 Tf 72 760 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 11 Tf',
    ...lines.map((line) => `0 -22 Td (${pdfText(line)}) Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

// 1. A system client of the centre, with its own key pair (the private key never leaves this process).
const { publicKey, privateKey } = await generateKeyPair('ES384', { extractable: true });
const jwk = await exportJWK(publicKey);
const kid = await calculateJwkThumbprint(jwk);
const name = `Back-office de démonstration ${new Date().toISOString().slice(0, 19)}`;
const registered = await fetch(`${BASE}/api/dev/integration-client`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ name, jwks: { keys: [{ ...jwk, kid, alg: 'ES384', use: 'sig' }] } }),
}).catch(() => fail(`No portal answers at ${BASE}: start it first (npm start), or set PORTAL_URL.`));
if (registered.status === 404)
  fail(
    'This portal is not in demo mode: register a client with `npm run integration -- client add` (README).',
  );
if (!registered.ok)
  fail(`The client could not be registered: ${registered.status} ${await registered.text()}`);
const { clientId, scope } = await registered.json();
console.log(`1. Client registered: "${name}" (${clientId}), scope ${scope}`);

// 2. An access token, as SMART Backend Services prescribes: a signed, single-use assertion.
const smart = await call('GET', `${FHIR}/.well-known/smart-configuration`);
const now = Math.floor(Date.now() / 1000);
const signed = await new SignJWT({
  iss: clientId,
  sub: clientId,
  aud: smart.token_endpoint,
  jti: randomUUID(),
  exp: now + 240,
})
  .setProtectedHeader({ alg: 'ES384', kid, typ: 'JWT' })
  .sign(privateKey);
const tokenReply = await fetch(smart.token_endpoint, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({
    grant_type: 'client_credentials',
    scope: 'system/Organization.cru system/Patient.cru system/DocumentReference.crs',
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: signed,
  }),
});
if (!tokenReply.ok) fail(`The token endpoint refused: ${await tokenReply.text()}`);
const { access_token: token, expires_in: expiresIn } = await tokenReply.json();
console.log(`2. Access token received (valid ${expiresIn} s)`);

// 3. Where to put the new establishment: beside corr.etablissement's (etab-1 in the demo), in its company.
const main = await call('GET', `${FHIR}/Organization/etab-1`, null, token);
const company = main.partOf?.reference;
const sample = await call(
  'GET',
  `${FHIR}/DocumentReference?category=${encodeURIComponent(`${PORTAL}/CodeSystem/categorieExtraciem|MEDICO_TECHNIQUE`)}&_count=1`,
  null,
  token,
);
const documentType = sample.entry?.[0]?.resource?.type;
if (!company || !documentType) fail('The demo data is not the expected one: run `npm run demo:reset`.');

const establishmentUrn = `urn:uuid:${randomUUID()}`;
const patientUrn = `urn:uuid:${randomUUID()}`;
const email = 'camille.demonstration@example.fr';
const today = new Date().toISOString().slice(0, 10);
const pdf = demoPdf('Centre de bilans - resultats de demonstration', [
  'Document envoye par le systeme d information du centre',
  `par l API d integration FHIR R4 le ${today}.`,
  'Participant : Camille DEMONSTRATION, nee le 14/05/1986.',
]);
/** The demo's PDF result for a participant (a reference or the transaction's urn). */
const demoDocument = (subject) => ({
  resourceType: 'DocumentReference',
  status: 'current',
  category: [{ coding: [code('categorieExtraciem', 'MEDICO_TECHNIQUE')] }],
  type: documentType,
  subject: { reference: subject },
  date: new Date().toISOString(),
  description: 'Résultats de démonstration',
  content: [
    {
      attachment: {
        contentType: 'application/pdf',
        title: 'resultats-demonstration.pdf',
        data: pdf.toString('base64'),
      },
    },
  ],
});

const bundle = {
  resourceType: 'Bundle',
  type: 'transaction',
  entry: [
    {
      fullUrl: establishmentUrn,
      resource: {
        resourceType: 'Organization',
        type: [{ coding: [code('organisation-level', 'ETABLISSEMENT')] }],
        identifier: [{ system: CENTRE_ORGANIZATION, value: 'DEMO-ETAB-BORDEAUX' }],
        name: 'Atelier de démonstration Bordeaux',
        address: [
          {
            use: 'work',
            line: ['12 quai des Chartrons'],
            postalCode: '33000',
            city: 'Bordeaux',
            country: 'FR',
          },
        ],
        partOf: { reference: company },
      },
      request: { method: 'PUT', url: `Organization?identifier=${CENTRE_ORGANIZATION}|DEMO-ETAB-BORDEAUX` },
    },
    {
      fullUrl: patientUrn,
      resource: {
        resourceType: 'Patient',
        identifier: [{ system: CENTRE_PATIENT, value: 'DEMO-0001' }],
        active: true,
        name: [{ use: 'official', family: 'Démonstration', given: ['Camille'], prefix: ['Mme'] }],
        gender: 'female',
        birthDate: '1986-05-14',
        telecom: [
          { system: 'phone', use: 'mobile', value: '06 12 34 56 78' },
          { system: 'email', value: email },
        ],
        address: [
          {
            use: 'home',
            line: ['8 rue Sainte-Catherine'],
            postalCode: '33000',
            city: 'Bordeaux',
            country: 'FR',
          },
        ],
        managingOrganization: { reference: establishmentUrn },
        extension: [
          { url: extension('checkup-type'), valueCoding: code('typeBilan', 'TRAD') },
          { url: extension('checkup-periodicity'), valueCoding: code('periodicite', '24M') },
          { url: extension('next-checkup-date'), valueDate: `${new Date().getFullYear() + 1}-03-01` },
        ],
      },
      request: { method: 'PUT', url: `Patient?identifier=${CENTRE_PATIENT}|DEMO-0001` },
    },
    {
      resource: demoDocument(patientUrn),
      request: { method: 'POST', url: 'DocumentReference' },
    },
  ],
};
const reply = await call('POST', FHIR, bundle, token);
const [establishment, patient, document] = reply.entry;
console.log('3. Transaction Bundle written (all or nothing):');
for (const entry of reply.entry)
  console.log(`   ${entry.response.status.padEnd(12)} ${entry.response.location}`);

// 3b. On request, one more PDF for a participant who has an account (their notification follows).
let published = null;
if (patientArgument) {
  const target = await call('GET', `${FHIR}/Patient/${patientArgument}`, null, token);
  const written = await call(
    'POST',
    `${FHIR}/DocumentReference`,
    demoDocument(`Patient/${target.id}`),
    token,
  );
  const person = target.name?.[0];
  published = { id: written.id, who: `${person?.given?.join(' ') ?? ''} ${person?.family ?? ''}`.trim() };
  console.log(`   Also published DocumentReference/${written.id} to Patient/${target.id} (${published.who})`);
}

// 4. The activation code of the centre's letter (the portal never sends it itself), for the demo's reader.
// A participant who already registered (the demo run again after the walk-through) needs none: 409.
const activation = await call(
  'POST',
  `${FHIR}/Patient/${patient.resource.id}/$activation-code`,
  { resourceType: 'Parameters' },
  token,
  [409],
);
const activationCode =
  activation.status === 409
    ? '(none: the participant has already registered; sign in as them)'
    : activation.parameter.find((item) => item.name === 'code')?.valueString;

// 5. Where to see it.
// The registration mail leaves once the write has committed, after the reply: wait for it a little.
let link;
for (let attempt = 0; attempt < 20 && !link; attempt++) {
  if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 250));
  const outbox = await fetch(`${BASE}/api/dev/outbox?recipient=${encodeURIComponent(email)}&limit=1`).then(
    (r) => r.json(),
  );
  link = outbox.items?.[0]?.body.match(/https?:\/\/\S+/)?.[0];
}
console.log(`4. Activation code for the centre's letter to the participant: ${activationCode}`);
console.log(`
5. On the portal (${BASE}):
   - Sign in as corr.entreprise or corr.groupe (password Portail#2026, tick "correspondant"): the participants
     list, searched for DEMONSTRATION, shows Camille DEMONSTRATION (${patient.resource.id}) of
     "${establishment.resource.name}" (${establishment.resource.id}).
   - The participant's registration link (mailed to ${email}; every demo message is at ${BASE}/dev/outbox):
     ${link ?? '(already registered, or see the outbox)'}
     Open it; the portal asks the birth date (14/05/1986) and the activation code above (the centre's
     letter), then a code sent by text message (in the outbox), a password and the consent; sign in as
     the login it gives: the medical results list "Résultats de démonstration" (${document.response.location}).
   - The FHIR side: GET ${FHIR}/Patient?identifier=${CENTRE_PATIENT}|DEMO-0001 with a token of this client.`);
if (published) {
  console.log(`   - The notification of the document published to ${published.who}: in ${BASE}/dev/outbox about two
     minutes later (grouping window NOTIFICATION_GROUP_S), with no word of what the document is; between
     21:00 and 08:00 (Paris) it waits there, marked to leave at 08:00.`);
}
