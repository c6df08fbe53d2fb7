import { readFileSync } from 'node:fs';
import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { digitalSourceTypeOf, markProvenance } from '#core/provenance/mark.ts';
import { ADGEN_VERSION } from '#core/provenance/version.ts';

const blank = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#224466' } })
    .png()
    .toBuffer();

describe('provenance marking (ADR 0041)', () => {
  it('names the IPTC term by what went into the creative', () => {
    expect(digitalSourceTypeOf({ modelVisual: true, product: false, logo: false })).toBe(
      'compositeWithTrainedAlgorithmicMedia',
    );
    expect(digitalSourceTypeOf({ modelVisual: true, product: true, logo: true })).toBe(
      'compositeWithTrainedAlgorithmicMedia',
    );
    expect(digitalSourceTypeOf({ modelVisual: false, product: true, logo: false })).toBe(
      'compositeSynthetic',
    );
    expect(digitalSourceTypeOf({ modelVisual: false, product: false, logo: true })).toBe(
      'compositeSynthetic',
    );
    expect(digitalSourceTypeOf({ modelVisual: false, product: false, logo: false })).toBe('algorithmicMedia');
    // The advertiser's photo under typeset copy: a composite with synthetic parts, no model (ADR 0059).
    expect(digitalSourceTypeOf({ modelVisual: false, photo: true, product: false, logo: false })).toBe(
      'compositeSynthetic',
    );
  });

  it("says a photo creative was composed from the advertiser's own photo, not made by a model", async () => {
    const marked = await markProvenance(await blank(), {
      modelVisual: false,
      photo: true,
      product: false,
      logo: false,
    });
    expect(marked.provenance.ai_generated).toBe(false);
    const xmp = await exifr.parse(marked.png, { xmp: true, mergeOutput: false });
    expect(JSON.stringify(xmp)).toContain("Advertisement composed by adgen from the advertiser's own photo");
  });

  it('writes XMP an independent reader finds, keeps the pixels, and marks once when marked twice', async () => {
    const png = await blank();
    const once = await markProvenance(png, { modelVisual: false, product: true, logo: false });
    const twice = await markProvenance(once.png, { modelVisual: false, product: true, logo: false });
    expect(twice.png.equals(once.png)).toBe(true);
    const xmp = await exifr.parse(once.png, { xmp: true, mergeOutput: false });
    expect(xmp.Iptc4xmpExt.DigitalSourceType).toBe(once.provenance.digital_source_type);
    expect(once.provenance.digital_source_type).toBe(
      'http://cv.iptc.org/newscodes/digitalsourcetype/compositeSynthetic',
    );
    const [before, after] = await Promise.all([png, once.png].map((b) => sharp(b).raw().toBuffer()));
    expect(after?.equals(before as Buffer)).toBe(true);
  });

  it('names the version package.json declares', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(ADGEN_VERSION).toBe(pkg.version);
  });
});
