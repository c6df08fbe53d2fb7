import { type ManifestWriter, noManifest, type ProvenanceClaim } from './manifest.ts';
import { itxtChunk, withChunksAfterHeader } from './png-chunks.ts';
import type { Provenance } from './provenance.schema.ts';
import { ADGEN_VERSION } from './version.ts';
import { DIGITAL_SOURCE_TYPE_BASE, type DigitalSourceType, xmpPacket } from './xmp.ts';

/** What went into a creative, as the worker knows it. */
export type Makeup = {
  /** A trained image model made the visual (a Bedrock model); false for the offline renderer. */
  modelVisual: boolean;
  /** The visual is the advertiser's own photo (ADR 0059): no model made it. */
  photo?: boolean | undefined;
  product: boolean;
  logo: boolean;
};

const XMP_KEYWORD = 'XML:com.adobe.xmp';

export function digitalSourceTypeOf(makeup: Makeup): DigitalSourceType {
  if (makeup.modelVisual) return 'compositeWithTrainedAlgorithmicMedia';
  return makeup.photo || makeup.product || makeup.logo ? 'compositeSynthetic' : 'algorithmicMedia';
}

function claimOf(makeup: Makeup, type: DigitalSourceType): ProvenanceClaim {
  const ingredients: ProvenanceClaim['ingredients'] = [];
  if (makeup.modelVisual)
    ingredients.push({ title: 'model visual', relationship: 'componentOf', kind: 'model_visual' });
  if (makeup.photo) ingredients.push({ title: 'photo', relationship: 'componentOf', kind: 'photo' });
  if (makeup.product)
    ingredients.push({ title: 'product image', relationship: 'componentOf', kind: 'product' });
  if (makeup.logo) ingredients.push({ title: 'logo', relationship: 'componentOf', kind: 'logo' });
  return {
    claimGenerator: { name: 'adgen', version: ADGEN_VERSION },
    actions: [
      { action: 'c2pa.created', digitalSourceType: type },
      ...(ingredients.length > 0 ? [{ action: 'c2pa.placed' as const }] : []),
    ],
    ingredients,
  };
}

function describe(makeup: Makeup): string {
  const visual = makeup.modelVisual
    ? 'a visual made by a generative image model'
    : makeup.photo
      ? "the advertiser's own photo"
      : 'a scene drawn by software';
  const placed = [makeup.product ? "the advertiser's product image" : '', makeup.logo ? 'logo' : '']
    .filter(Boolean)
    .join(' and ');
  return `Advertisement composed by adgen from ${visual}${placed ? `, ${placed}` : ''} and typeset copy.`;
}

/**
 * Marks a delivered PNG: the IPTC digital source type in an XMP packet (an iTXt chunk right after
 * the header, replacing any earlier one), then, when the writer signs, a C2PA manifest over that.
 */
export async function markProvenance(
  png: Buffer,
  makeup: Makeup,
  writer: ManifestWriter = noManifest,
): Promise<{ png: Buffer; provenance: Provenance }> {
  const type = digitalSourceTypeOf(makeup);
  const xmp = itxtChunk(XMP_KEYWORD, xmpPacket({ digitalSourceType: type, description: describe(makeup) }));
  const marked = withChunksAfterHeader(
    png,
    [xmp],
    (chunkType, data) =>
      chunkType === 'iTXt' &&
      data.subarray(0, XMP_KEYWORD.length + 1).equals(Buffer.from(`${XMP_KEYWORD}\0`, 'latin1')),
  );
  const signed = await writer.embed(marked, claimOf(makeup, type));
  return {
    png: signed ?? marked,
    provenance: {
      ai_generated: makeup.modelVisual,
      digital_source_type: `${DIGITAL_SOURCE_TYPE_BASE}${type}`,
      c2pa: signed ? 'embedded' : 'none',
    },
  };
}
