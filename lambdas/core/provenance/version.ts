/** The service's version as provenance marks name it (claim generator, CreatorTool); package.json's, checked by a unit test. */
export const ADGEN_VERSION = '0.1.0';
