/**
 * Renders 12 corpus briefs × 1:1, 4:5, 9:16, 16:9 through the offline path and through a
 * stand-in model visual (as the local Bedrock stand-in paints it, cut per ratio), for the
 * contact sheets in docs/samples/ (ADR 0037, 0038):
 *
 *   npx tsx scripts/picture-sheets.ts <dir>
 *   node ../shared/tools/contact-sheet.mjs <dir>/offline docs/samples/corpus-offline.png 8
 *   node ../shared/tools/contact-sheet.mjs <dir>/stand-in docs/samples/corpus-stand-in.png 8
 *
 * and the picture of every trade of the taxonomy, from its own scene (ADR 0064), labelled with its
 * number, sub-vertical and picture (`-` for the brand field):
 *
 *   node ../shared/tools/contact-sheet.mjs <dir>/taxonomy docs/samples/taxonomy-pictures.png 15 128
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderAsync } from '@resvg/resvg-js';
import { TAXONOMY } from '#core/brief/taxonomy/index.ts';
import { composeCreative } from '#core/creative/compose.ts';
import { buildSceneSvg, sceneChoice } from '#core/creative/scenes/index.ts';
import { STABILITY_SIZES } from '#core/images/bedrock-stability.ts';
import { deliverySize, parseRatio } from '#core/images/sizes.ts';
import { cutAroundSubjectLazily } from '#core/images/smart-crop.ts';
import { busyVisual } from '#local/bedrock-stand-in.ts';
import { composeBrief, EVAL_RATIOS, slotCopy } from '../eval/pictures/compose-corpus.ts';
import { loadPictureCorpus } from '../eval/pictures/corpus.ts';
import { BUSINESSES, logoPng } from './lib/sample-businesses.ts';

const out = process.argv[2] ?? 'picture-sheets';
const SHEET = [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23];
mkdirSync(join(out, 'offline'), { recursive: true });
mkdirSync(join(out, 'stand-in'), { recursive: true });
mkdirSync(join(out, 'taxonomy'), { recursive: true });
for (const brief of loadPictureCorpus().filter((b) => SHEET.includes(b.number))) {
  const tag = String(brief.number).padStart(2, '0');
  for (const slot of await composeBrief(brief, { logo: true })) {
    if (slot.creative)
      writeFileSync(join(out, 'offline', `${tag}-${slot.ratio.replace(':', 'x')}.png`), slot.creative.png);
  }
  const { brand, candidates } = await slotCopy(brief, 0);
  for (const label of EVAL_RATIOS) {
    const ratio = parseRatio(label);
    const size = deliverySize(ratio);
    const native = ratio.w >= ratio.h && label !== '1:1' ? STABILITY_SIZES['16:9'] : STABILITY_SIZES['9:16'];
    const cut = await cutAroundSubjectLazily(
      await busyVisual(native.width, native.height, brief.number),
      ratio,
      size,
    );
    const creative = await composeCreative({
      visual: { ...size, model: 'stand-in', seed: brief.number, pixels: (s) => cut.pixels(s) },
      visualKind: 'model',
      ...size,
      aspectRatio: ratio,
      copy: candidates,
      brand,
      clientName: brief.client_name,
      logo: logoPng(brand.colors),
      seed: brief.number,
    });
    writeFileSync(join(out, 'stand-in', `${tag}-${label.replace(':', 'x')}.png`), creative.png);
  }
  console.log(brief.id);
}

const field = {
  prompt: '',
  negativePrompt: '',
  width: 256,
  height: 256,
  aspectRatio: { w: 1, h: 1 },
  seed: 1,
  brand: (BUSINESSES[0] as (typeof BUSINESSES)[number]).brand,
  visualStyle: '',
};
let n = 0;
for (const vertical of TAXONOMY)
  for (const sub of vertical.subs) {
    const request = {
      ...field,
      picture: { subject: sub.subject, category: `${vertical.name} > ${sub.name}` },
    };
    const choice = await sceneChoice(request);
    const shown = choice.kind === 'picture' ? choice.picture.name : '-';
    const name = `${String(++n).padStart(3, '0')} ${sub.name} ${shown}`.replace(/[^a-zA-Z0-9 -]/g, '');
    writeFileSync(
      join(out, 'taxonomy', `${name}.png`),
      (await renderAsync(buildSceneSvg(request, choice))).asPng(),
    );
  }
console.log(`taxonomy: ${n} trades`);
