import { describe, expect, it } from 'vitest';
import { composeBrief } from '../../eval/pictures/compose-corpus.ts';
import { loadPictureCorpus } from '../../eval/pictures/corpus.ts';

/**
 * The compositor's craft on briefs of the shared corpus (a sample of the odd half; the whole
 * corpus runs in scripts/eval-pictures.ts): every slot composes (no text_fit), nothing is printed
 * twice, the offer once, the logo at 3:1 or more, in 1:1, 4:5, 9:16 and 16:9.
 */
describe('corpus sample × 4 ratios, offline', { timeout: 240_000 }, () => {
  const sample = loadPictureCorpus().filter((b) => [1, 13, 21, 33].includes(b.number));

  it.each(sample.map((b) => [b.id, b] as const))('%s', async (_id, brief) => {
    const slots = await composeBrief(brief, { logo: true });
    expect(slots).toHaveLength(4);
    for (const slot of slots) {
      expect(slot.gate, `${brief.id} ${slot.ratio}`).toBeUndefined();
      expect(slot.repeated, `${brief.id} ${slot.ratio}`).toEqual([]);
      if (brief.campaign.offer_text) expect(slot.offerPrinted, `${brief.id} ${slot.ratio}`).toBe(1);
      expect(slot.creative?.quality.logo_contrast ?? 0).toBeGreaterThanOrEqual(3);
      expect(slot.creative?.quality.logo_visible).toBe(true);
    }
  });
});
