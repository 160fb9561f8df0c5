import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments cite the portal's behaviour as `docs/<page>.md#<heading>` (docs/README.md): every such
 * citation in the packages must name a page that exists and a heading it has.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const docs = join(root, 'docs');

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(page: string): Set<string> {
  const text = readFileSync(join(docs, page), 'utf8');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] ?? '')));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist') return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(name) ? [path] : [];
  });
}

const citations = sourceFiles(join(root, 'packages')).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/docs\/([\w-]+\.md)#([\w-]+)/g)].map((match) => ({
    file: relative(root, file),
    page: match[1] ?? '',
    anchor: match[2] ?? '',
  })),
);

describe('citations of docs/ in the code', () => {
  it('are there (the comments cite docs/, not documents outside the repository)', () => {
    expect(citations.length).toBeGreaterThan(100);
  });

  const pages = new Map<string, Set<string> | null>();
  const anchors = (page: string) => {
    if (!pages.has(page)) {
      try {
        pages.set(page, anchorsOf(page));
      } catch {
        pages.set(page, null);
      }
    }
    return pages.get(page) ?? null;
  };

  it('each name a page of docs/ and one of its headings', () => {
    const broken = citations
      .filter(({ page, anchor }) => !anchors(page)?.has(anchor))
      .map(({ file, page, anchor }) => `${file}: docs/${page}#${anchor}`);
    expect(broken).toEqual([]);
  });

  it('no longer cite the specification documents by section', () => {
    const cited = sourceFiles(join(root, 'packages')).filter((file) =>
      /\b00[01] §\d/.test(readFileSync(file, 'utf8')),
    );
    expect(cited.map((file) => relative(root, file))).toEqual([]);
  });
});
