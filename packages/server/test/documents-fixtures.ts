import { and, desc, eq } from 'drizzle-orm';
import { auditLog, documents, documentTypes, users } from '../src/db/schema';
import { safeFileName } from '../src/features/documents/document-files';
import { documentShownName, titleColumns } from '../src/features/documents/document-title';
import { signIn, type TestContext } from './helper';

export type Kind = 'participant' | 'correspondant' | 'staff';

const signedIn = new WeakMap<TestContext, Map<string, { authorization: string }>>();

/** Bearer headers of a demo account, signed in once per test context. */
export async function headersOf(ctx: TestContext, login: string, kind: Kind = 'participant') {
  const known = signedIn.get(ctx) ?? new Map<string, { authorization: string }>();
  signedIn.set(ctx, known);
  const cached = known.get(login);
  if (cached) return cached;
  const { headers } = await signIn(ctx, login, kind);
  known.set(login, headers);
  return headers;
}

export async function accountOf(ctx: TestContext, login: string) {
  const [row] = await ctx.database.db
    .select({ userId: users.id, participantId: users.participantId, email: users.email })
    .from(users)
    .where(eq(users.login, login));
  if (!row) throw new Error(`no account ${login}`);
  return row;
}

export async function participantIdOf(ctx: TestContext, login: string): Promise<number> {
  const { participantId } = await accountOf(ctx, login);
  if (!participantId) throw new Error(`${login} is no participant`);
  return participantId;
}

export async function get(
  ctx: TestContext,
  url: string,
  login = 'participant.dmc',
  kind: Kind = 'participant',
  query: Record<string, string | number> = {},
) {
  return ctx.app.inject({
    method: 'GET',
    url,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers: await headersOf(ctx, login, kind),
  });
}

/** The newest audit row of an action by a user. */
export async function lastAuditOf(ctx: TestContext, userId: number, action: string) {
  const [row] = await ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, userId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

export const PDF = new TextEncoder().encode('%PDF-1.7\n% test\n');
export const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
export const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
export const OTHER = new TextEncoder().encode('GIF89a not a pdf');

/** The name a (PDF) document is downloaded and sent under: the title its list shows, made a safe file name. */
export async function savedNameOf(ctx: TestContext, documentId: number): Promise<string> {
  const [row] = await ctx.database.db
    .select({
      name: documents.name,
      ...titleColumns,
      mode: documents.nameDisplayMode,
      typeMode: documentTypes.nameDisplayMode,
    })
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .where(eq(documents.id, documentId));
  if (!row) throw new Error(`no document ${documentId}`);
  return safeFileName(documentShownName(row, 'fr_FR'), 'application/pdf');
}
