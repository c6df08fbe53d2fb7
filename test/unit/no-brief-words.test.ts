import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * "No word of a brief belongs in the code": no distinctive word of the shared evaluation corpus
 * (../shared/briefs) or of the repository's fixture briefs (test/fixtures/briefs) appears in
 * the brief extraction's code and pattern data (lambdas/core/brief). A word of a brief is
 * distinctive when the general vocabulary of the four offline languages does not have it: the
 * full-form word lists an-array-of-{english,spanish,french}-words (lower case only), and the
 * Hunspell dictionaries en-GB and de (entries written in lower case, plus German nouns, since
 * German capitalises every noun), each word also tried without a common inflectional ending. So brand and product names, people, places, invented awards and trade acronyms are
 * distinctive; "roof", "mudanza" or "Garantie" are not (ADR 0033).
 */
const ROOT = resolve(import.meta.dirname, '../..');
const CODE_DIR = join(ROOT, 'lambdas/core/brief');
const CORPUS_DIR = join(ROOT, '..', 'shared', 'briefs');
const FIXTURES_DIR = join(ROOT, 'test/fixtures/briefs');
const DICTIONARIES = ['en-gb', 'de'];
const WORD_LISTS = ['english', 'spanish', 'french'];
const ENDINGS = [
  's',
  'es',
  'en',
  'n',
  'e',
  'er',
  'ers',
  'ed',
  'd',
  'ing',
  'ly',
  'x',
  'r',
  'a',
  'as',
  'os',
  'o',
  'ne',
  'nes',
];
const MIN_LENGTH = 3;
/**
 * General words the word lists miss (accented function words, a German preposition, labels,
 * language names, a currency code, a month abbreviation, the singular "day"): vocabulary of the language, not of a brief.
 */
const GENERAL_BUT_UNLISTED = new Set([
  'más',
  'público',
  'mín',
  'máx',
  'seit',
  'zielgruppe',
  'unterscheidet',
  'nov',
  'mxn',
  'usp',
  'spanish',
  'inglés',
  'prácticas',
  'día',
]);

function vocabulary(): Set<string> {
  const words = new Set<string>();
  for (const name of WORD_LISTS) {
    const list = JSON.parse(
      readFileSync(join(ROOT, 'node_modules', `an-array-of-${name}-words`, 'index.json'), 'utf8'),
    ) as string[];
    for (const word of list) if (word === word.toLowerCase()) words.add(word);
  }
  for (const name of DICTIONARIES) {
    const dic = readFileSync(join(ROOT, 'node_modules', `dictionary-${name}`, 'index.dic'), 'utf8');
    for (const line of dic.split('\n').slice(1)) {
      const word = line.split('/')[0]?.trim() ?? '';
      // Lower-case entries are general words; capitalised ones are names, except German nouns.
      if (word && (word === word.toLowerCase() || name === 'de')) words.add(word.toLowerCase());
    }
  }
  return words;
}

const tokens = (text: string): string[] =>
  (text.match(/[\p{L}][\p{L}'’-]*[\p{L}]|[\p{L}]/gu) ?? [])
    .flatMap((t) => t.split(/['’-]/u))
    .filter((t) => t.length >= MIN_LENGTH)
    .map((t) => t.toLowerCase());

function briefTexts(): string[] {
  const texts: string[] = [];
  for (const file of readdirSync(CORPUS_DIR).filter((f) => f.endsWith('.json'))) {
    const brief = JSON.parse(readFileSync(join(CORPUS_DIR, file), 'utf8'));
    texts.push(brief.research_summary, brief.client_name);
  }
  for (const file of readdirSync(FIXTURES_DIR).filter((f) => f.endsWith('.json'))) {
    const brief = JSON.parse(readFileSync(join(FIXTURES_DIR, file), 'utf8'));
    texts.push(...Object.values(brief).filter((v): v is string => typeof v === 'string'));
  }
  return texts;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('no word of a brief in the extraction code', () => {
  it('finds no distinctive brief word in lambdas/core/brief', () => {
    const general = vocabulary();
    const isGeneral = (w: string) =>
      GENERAL_BUT_UNLISTED.has(w) ||
      general.has(w) ||
      ENDINGS.some((e) => w.endsWith(e) && general.has(w.slice(0, -e.length)));
    const distinctive = new Set(
      briefTexts()
        .flatMap(tokens)
        .filter((w) => !isGeneral(w)),
    );
    expect(distinctive.size).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of filesUnder(CODE_DIR)) {
      const words = new Set(tokens(readFileSync(file, 'utf8')));
      for (const w of words) if (distinctive.has(w)) found.push(`${file.slice(ROOT.length + 1)}: ${w}`);
    }
    expect(found).toEqual([]);
  }, 60_000);
});
