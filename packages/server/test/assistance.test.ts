import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { centreInfo } from '@portail/contract/schemas/assistance';
import { errorReply } from '@portail/contract/schemas/common';
import { documentsCiemReply } from '@portail/contract/schemas/legal';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CENTRE } from '../src/centre';
import { ConfigError } from '../src/config';
import { legalDocuments } from '../src/db/schema';
import { get } from './documents-fixtures';
import { CENTRE_EXAMPLE, createTestContext, type TestContext, testConfig } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('GET /api/centre', () => {
  it('answers the demo centre and the product name to anyone, signed in or not', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/centre' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(centreInfo.parse(reply.json())).toEqual({ ...DEMO_CENTRE, produit: ctx.config.productName });
    const signedIn = await get(ctx, '/api/centre', 'corr.etablissement', 'correspondant');
    expect(signedIn.json()).toEqual(reply.json());
  });

  it('answers the centre of CENTRE_FILE and the configured product name', async () => {
    const other = await createTestContext({
      env: { CENTRE_FILE: CENTRE_EXAMPLE, PRODUCT_NAME: 'Mon Bilan' },
    });
    try {
      const body = centreInfo.parse((await other.app.inject({ method: 'GET', url: '/api/centre' })).json());
      expect(body).toEqual({ ...JSON.parse(readFileSync(CENTRE_EXAMPLE, 'utf8')), produit: 'Mon Bilan' });
      expect(body.adresse.ville).toBe('Lyon');
    } finally {
      await other.close();
    }
  });
});

describe('CENTRE_FILE', () => {
  const folder = mkdtempSync(join(tmpdir(), 'centre-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const write = (name: string, content: string) => {
    const path = join(folder, name);
    writeFileSync(path, content);
    return path;
  };
  const example = () => JSON.parse(readFileSync(CENTRE_EXAMPLE, 'utf8')) as Record<string, unknown>;

  it('refuses to start on a file that is missing, not JSON or not a centre, naming the fields at fault', () => {
    expect(() => testConfig({ CENTRE_FILE: join(folder, 'absent.json') })).toThrow(ConfigError);
    expect(() => testConfig({ CENTRE_FILE: write('broken.json', '{ "nom": ') })).toThrow(
      /cannot be read as JSON/,
    );
    const wrongSiret = { ...example(), editeur: { ...(example().editeur as object), siret: '123' } };
    expect(() => testConfig({ CENTRE_FILE: write('siret.json', JSON.stringify(wrongSiret)) })).toThrow(
      /editeur\.siret/,
    );
    const twice = {
      ...example(),
      contacts: [
        { service: 'accueil', email: 'a@centre.example' },
        { service: 'accueil', email: 'b@centre.example' },
      ],
    };
    expect(() => testConfig({ CENTRE_FILE: write('twice.json', JSON.stringify(twice)) })).toThrow(/contacts/);
    const unknownService = { ...example(), contacts: [{ service: 'cantine', email: 'a@centre.example' }] };
    expect(() => testConfig({ CENTRE_FILE: write('service.json', JSON.stringify(unknownService)) })).toThrow(
      /contacts\.0\.service/,
    );
    const { latitude: _, ...noLatitude } = example();
    expect(() => testConfig({ CENTRE_FILE: write('position.json', JSON.stringify(noLatitude)) })).toThrow(
      /latitude/,
    );
  });
});

describe('GET /api/get-documents-ciem', () => {
  it('answers the folders in order, each with its PDFs in base64, to participants, correspondants and admins', async () => {
    const rows = await ctx.database.db
      .select()
      .from(legalDocuments)
      .orderBy(asc(legalDocuments.sortOrder), asc(legalDocuments.id));
    const folders = rows.filter((row) => row.parentId === null);
    expect(folders.length).toBeGreaterThan(1);
    for (const [login, kind] of [
      ['participant.dmc', 'participant'],
      ['participant.sansdmc', 'participant'],
      ['corr.groupe', 'correspondant'],
      ['admin', 'staff'],
    ] as const) {
      const reply = await get(ctx, '/api/get-documents-ciem', login, kind);
      expect(reply.statusCode, `${login}: ${reply.body.slice(0, 200)}`).toBe(200);
      const tree = documentsCiemReply.parse(reply.json());
      expect(tree.map((node) => node.libelle)).toEqual(folders.map((folder) => folder.label));
      for (const [index, node] of tree.entries()) {
        const folder = folders[index];
        expect(node).toMatchObject({ id: folder?.id, libelleEn: folder?.labelEn, data: null });
        const documents = rows.filter((row) => row.parentId === folder?.id);
        expect(node.children.map((child) => child.libelle)).toEqual(documents.map((row) => row.label));
        for (const child of node.children) {
          const bytes = Buffer.from(child.data ?? '', 'base64');
          expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
          const stored = documents.find((row) => row.id === child.id);
          expect(bytes.equals(Buffer.from(stored?.content ?? []))).toBe(true);
        }
      }
    }
  });

  it('refuses anyone signed out: 401', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/get-documents-ciem' });
    expect(anonymous.statusCode).toBe(401);
    expect(errorReply.parse(anonymous.json()).status).toBe(401);
  });

  it('lists the documents of deeper folders under their top folder and leaves empty folders out', async () => {
    const [first] = await ctx.database.db
      .select()
      .from(legalDocuments)
      .orderBy(asc(legalDocuments.sortOrder), asc(legalDocuments.id))
      .limit(1);
    const pdf = Buffer.from('%PDF-1.4 nested');
    const [sub] = await ctx.database.db
      .insert(legalDocuments)
      .values({ parentId: first?.id, label: 'Sous-dossier', sortOrder: 99 })
      .returning();
    const [nested] = await ctx.database.db
      .insert(legalDocuments)
      .values({ parentId: sub?.id, label: 'Annexe', sortOrder: 0, mimeType: 'application/pdf', content: pdf })
      .returning();
    await ctx.database.db.insert(legalDocuments).values({ label: 'Dossier vide', sortOrder: 99 });

    const tree = documentsCiemReply.parse((await get(ctx, '/api/get-documents-ciem')).json());
    const top = tree.find((node) => node.id === first?.id);
    expect(top?.children.at(-1)).toEqual({
      id: nested?.id,
      libelle: 'Annexe',
      libelleEn: null,
      data: pdf.toString('base64'),
    });
    expect(tree.map((node) => node.libelle)).not.toContain('Dossier vide');
    expect(tree.flatMap((node) => node.children.map((child) => child.libelle))).not.toContain('Sous-dossier');
  });
});
