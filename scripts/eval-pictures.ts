/**
 * The picture half of the brief evaluation (issue 24), runnable alone until `npm run eval:briefs`
 * takes its sections: over the shared corpus × 1:1, 4:5, 9:16, 16:9 through the offline path,
 *   - composition: text_fit (and any other gate) failures, texts printed twice (a run of six
 *     words), the offer printed more than once, logo contrast under 3:1;
 *   - relevance: the share of creatives whose picture is relevant to the gold subject or
 *     category by the project's check (eval/pictures/relevance.ts), and how many show a picture
 *     relevant to another brief's vertical instead.
 *
 *   - production prompts (Stability writer) of each brief's first angle in three orientations:
 *     the gold subject's head noun or a synonym named, no quote, digit or hex colour, a word of
 *     the angle's visual style kept.
 *
 *   - the taxonomy's own scenes (each sub-vertical's `subject` under its category, the scene a
 *     brief gets when it says nothing more): how many show a picture, and how many of those are
 *     the trade's picture the taxonomy names (ADR 0064). Not the corpus: what any brief of a
 *     known trade falls back on.
 *
 * The picture is chosen as the service chooses it, from the stored (extracted) brief's subject and
 * category; `--input=gold` chooses from the gold annotation instead (the chooser alone).
 *
 * `--png=<dir>` also writes each creative there (`<number>-<ratio>.png`) for a contact sheet
 * (`node ../shared/tools/contact-sheet.mjs <dir> <out.png>`).
 *
 *   npx tsx scripts/eval-pictures.ts [--only=1,3,5] [--half=odd|even] [--prompts-only] [--input=gold] [--png=<dir>]
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TAXONOMY } from '#core/brief/taxonomy/index.ts';
import { choosePicture } from '#core/creative/pictures/choose.ts';
import { pictureLibrary } from '#core/creative/pictures/library.ts';
import { tablerLibrary } from '#core/creative/pictures/tabler.ts';
import { tradePicture } from '#core/creative/pictures/trade.ts';
import { sceneChoice } from '#core/creative/scenes/index.ts';
import { composeBrief } from '../eval/pictures/compose-corpus.ts';
import { loadPictureCorpus } from '../eval/pictures/corpus.ts';
import { agreement, judgedVerdict, pictureKey } from '../eval/pictures/judged.ts';
import { checkPrompts } from '../eval/pictures/prompts.ts';
import { type Anchors, relevanceSet, relevant } from '../eval/pictures/relevance.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const only = arg('only')?.split(',').map(Number);
const half = arg('half');
const corpus = loadPictureCorpus().filter(
  (b) =>
    (!only || only.includes(b.number)) &&
    (!half || (half === 'odd' ? b.number % 2 === 1 : b.number % 2 === 0)),
);
const all = loadPictureCorpus();
const anchors = new Map(await Promise.all(all.map(async (b) => [b.id, await relevanceSet(b.gold)] as const)));
const wanted = (id: string): Anchors => {
  const a = anchors.get(id);
  if (!a) throw new Error(`no anchors for ${id}`);
  return a;
};
const vertical = (c: string) => c.split('>')[0]?.trim().toLowerCase() ?? '';

const prompt = { prompts: 0, namesSubject: 0, textTriggers: 0, reflectsStyle: 0 };
for (const brief of corpus) {
  const c = await checkPrompts(brief);
  prompt.prompts += c.prompts;
  prompt.namesSubject += c.namesSubject;
  prompt.textTriggers += c.textTriggers;
  prompt.reflectsStyle += c.reflectsStyle;
  if (c.namesSubject < c.prompts || c.textTriggers > 0 || c.reflectsStyle < c.prompts)
    console.log(`  prompt ${brief.id} (head noun ${c.head}): ${c.sample}`);
}
console.log('production prompts (Stability writer, first angle × 3 orientations)');
console.log(
  `  ${prompt.prompts} prompts: name the gold subject's head noun or a synonym ${prompt.namesSubject} (${((100 * prompt.namesSubject) / Math.max(1, prompt.prompts)).toFixed(1)} %), quotes/digits/hex ${prompt.textTriggers}, keep a word of the visual style ${prompt.reflectsStyle}`,
);
if (process.argv.includes('--prompts-only')) process.exit(0);

const totals = {
  creatives: 0,
  failed: 0,
  repeated: 0,
  offerTwice: 0,
  logoUnder3: 0,
  relevant: 0,
  noPicture: 0,
  otherCategory: 0,
  judged: 0,
  relevantByWordNet: 0,
};
const pngDir = arg('png');
if (pngDir) mkdirSync(pngDir, { recursive: true });
const input = arg('input') === 'gold' ? 'gold' : 'service';
console.log(
  `pictures chosen from ${input === 'gold' ? "the gold annotation's" : "the stored (extracted) brief's"} subject and category; judged against the gold ones`,
);
for (const brief of corpus) {
  const slots = await composeBrief(brief, { logo: true, input });
  const chosenFrom = slots[0]?.pictureInput ?? { subject: '', category: '' };
  const choice = await sceneChoice({
    prompt: '',
    negativePrompt: '',
    width: 64,
    height: 64,
    aspectRatio: { w: 1, h: 1 },
    seed: 0,
    brand: {
      colors: {
        primary: '#000000',
        secondary: '#000000',
        accent: '#000000',
        background: '#FFFFFF',
        text: '#000000',
      },
    },
    visualStyle: '',
    picture: chosenFrom,
  });
  const picture = choice.kind === 'picture' ? choice.picture : undefined;
  // The readers' verdict where they judged this picture for this brief (ADR 0065), else WordNet's.
  const verdict = picture ? judgedVerdict(brief.id, picture) : undefined;
  const byWordNet = picture ? relevant(picture, wanted(brief.id)) : false;
  const own = verdict ? verdict === 'R' : byWordNet;
  // Another category's: the readers' W where they judged it, else relevant by WordNet to a brief
  // of another vertical.
  const elsewhere =
    !picture || own
      ? []
      : verdict
        ? verdict === 'W'
          ? ['readers: another business']
          : []
        : all
            .filter(
              (o) =>
                vertical(o.gold.category) !== vertical(brief.gold.category) &&
                relevant(picture, wanted(o.id)),
            )
            .map((o) => o.id);
  for (const s of slots) {
    totals.creatives++;
    if (pngDir && s.creative)
      writeFileSync(
        join(pngDir, `${String(brief.number).padStart(2, '0')}-${s.ratio.replace(':', 'x')}.png`),
        s.creative.png,
      );
    if (s.gate) {
      totals.failed++;
      console.log(`  fail ${brief.id} ${s.ratio}: ${s.gate}`);
      continue;
    }
    const shown = picture && s.creative?.quality.layout === 'brand-block';
    if (!shown) totals.noPicture++;
    else if (own) totals.relevant++;
    else if (elsewhere.length > 0) totals.otherCategory++;
    if (shown && verdict) totals.judged++;
    if (shown && byWordNet) totals.relevantByWordNet++;
    if (s.repeated.length > 0) totals.repeated++;
    if (s.offerPrinted > 1) totals.offerTwice++;
    if ((s.creative?.quality.logo_contrast ?? 21) < 3) totals.logoUnder3++;
  }
  console.log(
    `${String(brief.number).padStart(2)} ${brief.id.padEnd(30)} ${picture ? `${picture.source === 'tabler' ? 'tabler:' : ''}${picture.name}` : '(brand field)'}${picture ? (own ? ' relevant' : elsewhere.length ? ` OTHER CATEGORY (${elsewhere.join(', ')})` : ' not relevant') : ''}${picture ? ` (${verdict ? `readers ${verdict}` : 'not judged'}; WordNet check ${byWordNet ? 'yes' : 'no'})` : ''}  [${chosenFrom.category} | ${chosenFrom.subject.slice(0, 60)}]`,
  );
}
const pct = (n: number) => `${((100 * n) / Math.max(1, totals.creatives)).toFixed(1)} %`;
console.log('\npictures (offline, corpus × 4 ratios)');
console.log(`  creatives ${totals.creatives}, failed ${totals.failed} (text_fit or another gate)`);
console.log(
  `  texts printed twice ${totals.repeated}, offer printed twice ${totals.offerTwice}, logo contrast < 3:1 ${totals.logoUnder3}`,
);
console.log(
  `  picture relevant to the gold subject or category ${totals.relevant} (${pct(totals.relevant)}), no picture (brand layout) ${totals.noPicture} (${pct(totals.noPicture)}), from another category ${totals.otherCategory}`,
);
console.log(
  `  judged by readers ${totals.judged} of ${totals.creatives - totals.noPicture} pictures shown (the rest by the WordNet check); relevant by the WordNet check alone ${totals.relevantByWordNet} (${pct(totals.relevantByWordNet)})`,
);
const everyPicture = new Map([...pictureLibrary(), ...tablerLibrary()].map((p) => [pictureKey(p), p]));
const agreed = agreement((briefId, key) => {
  const p = everyPicture.get(key);
  return p && anchors.has(briefId) ? relevant(p, wanted(briefId)) : undefined;
});
console.log(
  `  the WordNet check agrees with the readers on ${agreed.agree} of ${agreed.pairs} judged pairs; relevant by it alone ${agreed.checkOnly}, by the readers alone ${agreed.readersOnly}`,
);

const trades = { subs: 0, picture: 0, tradePicture: 0 };
for (const vertical of TAXONOMY)
  for (const sub of vertical.subs) {
    trades.subs++;
    const category = `${vertical.name} > ${sub.name}`;
    const c = await choosePicture({ subject: sub.subject, category });
    if (c) trades.picture++;
    if (c && c.picture === tradePicture(category)) trades.tradePicture++;
  }
console.log("\npictures of the taxonomy's own scenes (every sub-vertical's subject under its category)");
console.log(
  `  ${trades.subs} sub-verticals: a picture for ${trades.picture}, of which the trade's picture ${trades.tradePicture}; the brand field for ${trades.subs - trades.picture}`,
);
