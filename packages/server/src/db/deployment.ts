import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { deployment, users } from './schema';

export type DeploymentKind = 'demo' | 'production';

/** A start refused because the database belongs to the other kind of start (or holds data of unknown origin). */
export class DeploymentError extends Error {}

/** The database's mark, or null while no start has claimed it. */
export async function deploymentMark(db: DbOrTx): Promise<DeploymentKind | null> {
  const [row] = await db.select({ kind: deployment.kind }).from(deployment).where(eq(deployment.id, true));
  return row?.kind ?? null;
}

/** Whether any account exists: the demo's first start fills an empty database only. */
export async function holdsData(db: DbOrTx): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).limit(1)).length > 0;
}

/** Writes the mark once (several instances starting together: the first one wins, the others read it). */
export async function markDeployment(db: DbOrTx, kind: DeploymentKind): Promise<DeploymentKind> {
  await db.insert(deployment).values({ kind }).onConflictDoNothing();
  return (await deploymentMark(db)) ?? kind;
}

/**
 * Checked by every start before it listens. A demo start never runs on a centre's data: its outbox
 * would publish their sign-in codes and links. A production start never runs on the demo's data: its
 * accounts share a published password. An unmarked database is claimed by the first start that finds
 * it: by a production start always, by a demo start only while it holds no account.
 */
export async function claimDeployment(db: DbOrTx, wanted: DeploymentKind): Promise<void> {
  let mark = await deploymentMark(db);
  if (mark === null) {
    if (wanted === 'demo' && (await holdsData(db))) {
      throw new DeploymentError(
        'Demo mode refused: this database holds data the demo did not create. The demo runs on its own ' +
          'database (the default ./data, or an empty one); a centre runs the production start (README, "Production").',
      );
    }
    mark = await markDeployment(db, wanted);
  }
  if (mark === wanted) return;
  throw new DeploymentError(
    wanted === 'production'
      ? 'Production start refused: this database holds the demo data (accounts with the public demo password). ' +
          'Give the production start a database of its own.'
      : 'Demo mode refused: this database is a production database. The demo runs on its own database.',
  );
}
