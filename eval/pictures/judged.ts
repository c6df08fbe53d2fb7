import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LibraryPicture } from '#core/creative/pictures/library.ts';

/**
 * Readers' verdicts on corpus pictures (ADR 0065), written by scripts/picture-judging.ts:
 * R, the picture shows the business (its subject, product, service, customer or the sign a
 * viewer reads as that trade); N, it says nothing of it; W, it shows another business or thing
 * and would mislead.
 */
export type Verdict = 'R' | 'N' | 'W';
/** brief id → picture key → reader → verdict */
export type Judgements = Record<string, Record<string, Record<string, Verdict>>>;

export const JUDGEMENTS_FILE = fileURLToPath(new URL('../data/picture-judgements.json', import.meta.url));

export const pictureKey = (p: Pick<LibraryPicture, 'source' | 'name'>) => `${p.source}:${p.name}`;

let loaded: Judgements | undefined;
const judgements = (): Judgements =>
  (loaded ??= existsSync(JUDGEMENTS_FILE) ? JSON.parse(readFileSync(JUDGEMENTS_FILE, 'utf8')) : {});

/**
 * The readers' verdict on a brief's picture: the one most of them gave, N when no verdict has a
 * majority; undefined when the picture was never put to them.
 */
export function judgedVerdict(
  briefId: string,
  picture: Pick<LibraryPicture, 'source' | 'name'>,
  table: Judgements = judgements(),
): Verdict | undefined {
  return majority(Object.values(table[briefId]?.[pictureKey(picture)] ?? {}));
}

/** R or W when more than half the readers gave it; N when neither has a majority. */
export function majority(marks: readonly Verdict[]): Verdict | undefined {
  if (marks.length === 0) return undefined;
  for (const v of ['R', 'W'] as const) if (marks.filter((m) => m === v).length * 2 > marks.length) return v;
  return 'N';
}

/** How often the WordNet check says what the readers said (relevant or not), over every judged pair. */
export function agreement(check: (briefId: string, key: string) => boolean | undefined): {
  pairs: number;
  agree: number;
  checkOnly: number;
  readersOnly: number;
} {
  const out = { pairs: 0, agree: 0, checkOnly: 0, readersOnly: 0 };
  for (const [briefId, row] of Object.entries(judgements()))
    for (const key of Object.keys(row)) {
      const [source = '', name = ''] = key.split(':');
      const readers = judgedVerdict(briefId, { source: source as LibraryPicture['source'], name }) === 'R';
      const says = check(briefId, key);
      if (says === undefined) continue;
      out.pairs++;
      if (says === readers) out.agree++;
      else if (says) out.checkOnly++;
      else out.readersOnly++;
    }
  return out;
}
