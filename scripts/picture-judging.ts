/**
 * Writes the packet for judging picture relevance by readers (ADR 0065): for every corpus brief, a
 * handful of library pictures, each drawn alone on white and named by a letter only, and the
 * brief's gold category and subject. Readers who never saw the chooser mark each picture; their
 * verdicts go to eval/data/picture-judgements.json (`--merge`), which the picture evaluation reads.
 *
 * A brief's pictures are the ones the chooser could show (its best few from the stored and from the
 * gold brief, and the trade's picture) and, as decoys, the pictures of three other briefs, in an
 * order that does not say which is which.
 *
 *   npx tsx scripts/picture-judging.ts <dir>   # <NN>/<letter>.png, briefs.json, INSTRUCTIONS.md, manifest.json
 *   for d in <dir>/[0-9][0-9]; do node ../shared/tools/contact-sheet.mjs $d <dir>/sheets/$(basename $d).png 6 160; done
 *   (three readers per brief, each given INSTRUCTIONS.md and the folder, none given the manifest)
 *   npx tsx scripts/picture-judging.ts --merge <dir>   # <dir>/verdicts-*.json → eval/data
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderAsync } from '@resvg/resvg-js';
import { choosePicture, expand, scorePicture } from '#core/creative/pictures/choose.ts';
import { type LibraryPicture, pictureLibrary } from '#core/creative/pictures/library.ts';
import { tablerLibrary } from '#core/creative/pictures/tabler.ts';
import { termsOf } from '#core/creative/pictures/terms.ts';
import { tradePicture } from '#core/creative/pictures/trade.ts';
import { pictureSvg } from '#core/creative/scenes/illustration.ts';
import { hash32 } from '#core/creative/scenes/kit.ts';
import { slotCopy } from '../eval/pictures/compose-corpus.ts';
import { loadPictureCorpus, type PictureBrief } from '../eval/pictures/corpus.ts';
import { JUDGEMENTS_FILE, type Judgements, pictureKey, type Verdict } from '../eval/pictures/judged.ts';

const TILE = 160;
const OWN_FLUENT = 4;
const OWN_TABLER = 2;
const DECOYS = [7, 13, 29];

function tileSvg(p: LibraryPicture): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${TILE}"><rect width="100%" height="100%" fill="#ffffff"/>${pictureSvg(p, 24, 24, 112, '#1f2937')}</svg>`;
}

async function bestOf(brief: { subject: string; category: string }): Promise<LibraryPicture[]> {
  const expanded = expand(await termsOf(brief));
  const top = (pictures: LibraryPicture[], n: number) =>
    pictures
      .map((p) => ({ p, score: scorePicture(p, expanded).score }))
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, n)
      .map((s) => s.p);
  const chosen = (await choosePicture(brief))?.picture;
  const trade = tradePicture(brief.category);
  return [
    ...(chosen ? [chosen] : []),
    ...(trade ? [trade] : []),
    ...top(pictureLibrary(), OWN_FLUENT),
    ...top(tablerLibrary(), OWN_TABLER),
  ];
}

async function packet(dir: string): Promise<void> {
  const corpus = loadPictureCorpus();
  const own = new Map<string, LibraryPicture[]>();
  for (const brief of corpus) {
    const { stored } = await slotCopy(brief, 0);
    own.set(brief.id, [...(await bestOf(stored)), ...(await bestOf(brief.gold))]);
  }
  const manifest: Record<string, { category: string; subject: string; pictures: Record<string, string> }> =
    {};
  for (const [i, brief] of corpus.entries()) {
    const decoys = DECOYS.map((d) => own.get(corpus[(i + d) % corpus.length]?.id ?? '')?.[0]);
    const seen = new Map<string, LibraryPicture>();
    for (const p of [...(own.get(brief.id) ?? []), ...decoys]) if (p) seen.set(pictureKey(p), p);
    const order = [...seen.values()].sort(
      (a, b) => hash32(`${brief.id}${pictureKey(a)}`) - hash32(`${brief.id}${pictureKey(b)}`),
    );
    const tag = String(brief.number).padStart(2, '0');
    mkdirSync(join(dir, tag), { recursive: true });
    const pictures: Record<string, string> = {};
    for (const [k, p] of order.entries()) {
      const letter = String.fromCharCode(65 + k);
      pictures[letter] = pictureKey(p);
      writeFileSync(join(dir, tag, `${letter}.png`), (await renderAsync(tileSvg(p))).asPng());
    }
    manifest[tag] = { category: brief.gold.category, subject: brief.gold.subject, pictures };
  }
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // What a reader sees: the business and letters, not which picture is which.
  const briefs = Object.fromEntries(
    Object.entries(manifest).map(([tag, m]) => [
      tag,
      { category: m.category, scene: m.subject, pictures: Object.keys(m.pictures) },
    ]),
  );
  writeFileSync(join(dir, 'briefs.json'), `${JSON.stringify(briefs, null, 1)}\n`);
  copyFileSync(
    new URL('../eval/pictures/judging-instructions.md', import.meta.url),
    join(dir, 'INSTRUCTIONS.md'),
  );
}

/** Each reader's file: { "<NN>": { "<letter>": "R" | "N" | "W" } }. */
function merge(dir: string): void {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const byId = new Map<string, PictureBrief>(
    loadPictureCorpus().map((b) => [String(b.number).padStart(2, '0'), b]),
  );
  const out: Judgements = {};
  for (const file of readdirSync(dir).filter((f) => /^verdicts-.*\.json$/.test(f))) {
    const reader = file.replace(/^verdicts-|\.json$/g, '');
    const verdicts: Record<string, Record<string, Verdict>> = JSON.parse(
      readFileSync(join(dir, file), 'utf8'),
    );
    for (const [tag, marks] of Object.entries(verdicts)) {
      const brief = byId.get(tag);
      if (!brief) throw new Error(`${file}: no brief ${tag}`);
      for (const [letter, verdict] of Object.entries(marks)) {
        const key = manifest[tag]?.pictures[letter];
        if (!key || !['R', 'N', 'W'].includes(verdict))
          throw new Error(`${file}: ${tag} ${letter} ${verdict}`);
        out[brief.id] ??= {};
        const row = out[brief.id] as Judgements[string];
        row[key] ??= {};
        (row[key] as Record<string, Verdict>)[reader] = verdict;
      }
    }
  }
  writeFileSync(JUDGEMENTS_FILE, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`${Object.keys(out).length} briefs judged → ${JUDGEMENTS_FILE}`);
}

const args = process.argv.slice(2);
if (args[0] === '--merge') merge(args[1] ?? 'picture-judging');
else await packet(args[0] ?? 'picture-judging');
