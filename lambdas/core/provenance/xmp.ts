import { ADGEN_VERSION } from './version.ts';

/** IPTC's controlled vocabulary of digital source types (https://cv.iptc.org/newscodes/digitalsourcetype/). */
export const DIGITAL_SOURCE_TYPE_BASE = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

/**
 * The terms adgen marks with (ADR 0041):
 * - a trained model's visual is in the creative → `compositeWithTrainedAlgorithmicMedia`;
 * - the offline renderer drew the scene in code (no trained model) with a customer's photo or
 *   logo placed in it → `compositeSynthetic`;
 * - the offline renderer drew everything → `algorithmicMedia`.
 */
export const DIGITAL_SOURCE_TYPES = [
  'compositeWithTrainedAlgorithmicMedia',
  'compositeSynthetic',
  'algorithmicMedia',
] as const;
export type DigitalSourceType = (typeof DIGITAL_SOURCE_TYPES)[number];

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The XMP packet: IPTC Extension `Iptc4xmpExt:DigitalSourceType` (the full IRI, as the IPTC
 * guidance and the platforms' readers expect), the creator tool, and a plain-language
 * description of how the image was made.
 */
export function xmpPacket(input: { digitalSourceType: DigitalSourceType; description: string }): string {
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about=""',
    ' xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"',
    ' xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
    ' xmlns:dc="http://purl.org/dc/elements/1.1/"',
    ` Iptc4xmpExt:DigitalSourceType="${DIGITAL_SOURCE_TYPE_BASE}${input.digitalSourceType}"`,
    ` xmp:CreatorTool="adgen ${ADGEN_VERSION}">`,
    `<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(input.description)}</rdf:li></rdf:Alt></dc:description>`,
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}
