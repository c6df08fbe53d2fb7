import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FactRole } from '#core/brief/schema.ts';

/** One brief of the shared evaluation corpus (../shared/briefs/README.md describes the fields). */
export type CorpusBrief = {
  file: string;
  number: number;
  id: string;
  language: string;
  client_name: string;
  format: string;
  research_summary: string;
  campaign: { offer_text: string; cta_text: string };
  gold: {
    category: string;
    subject: string;
    product: string;
    audience: string;
    location: string;
    facts: Array<{ role: FactRole; text: string }>;
    numbers: string[];
    must_not_say: string[];
  };
  good_hooks: string[];
  bad_hooks: string[];
};

/** Odd-numbered briefs are developed against; even-numbered ones are the held-out check. */
export type Half = 'odd' | 'even';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The corpus beside the clone (CI lays shared/ next to it), or where EVAL_BRIEFS_DIR (or
 * BRIEF_CORPUS_DIR, which the copy samples and picture checks read) says. The one loader of the
 * corpus: the eval sections, the copy samples and the picture checks all read it here.
 */
export function corpusDir(): string {
  return process.env.EVAL_BRIEFS_DIR ?? process.env.BRIEF_CORPUS_DIR ?? join(ROOT, '..', 'shared', 'briefs');
}

export function loadCorpus(dir = corpusDir()): CorpusBrief[] {
  return readdirSync(dir)
    .filter((f) => /^\d\d-.+\.json$/.test(f))
    .sort()
    .map((file) => ({
      ...JSON.parse(readFileSync(join(dir, file), 'utf8')),
      file,
      number: Number(file.slice(0, 2)),
    }));
}

export function halfOf(brief: CorpusBrief): Half {
  return brief.number % 2 === 1 ? 'odd' : 'even';
}
