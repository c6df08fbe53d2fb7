/** What `list_creatives` shows of a creative's marks (ADR 0041). */
export type Provenance = {
  /** True when a trained model made part of the picture (what AI labels and Article 50 are about). */
  ai_generated: boolean;
  /** The IPTC term written into the PNG's XMP, as its full IRI. */
  digital_source_type: string;
  /** `embedded` when a signed C2PA manifest is in the PNG; `none` when no signer is configured. */
  c2pa: 'embedded' | 'none';
};
