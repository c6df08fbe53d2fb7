/**
 * A research summary as plain text. Agencies paste briefs from CMSs, e-mail and word processors:
 * Windows line ends, HTML markup and its entities. The text the service stores and reads is the
 * brief's words and line structure, nothing else: paragraphs, breaks and headings become lines,
 * list items become "- " bullets, other tags go, entities are decoded.
 */

/** Tags whose start or end breaks a line (paragraphs, headings, blocks, table rows). */
const BLOCK_TAG = /<\/?(?:p|div|h[1-6]|ul|ol|table|tr|section|article|header|footer|blockquote)\b[^>]*>/giu;
const LINE_BREAK = /<br\s*\/?>/giu;
const LIST_ITEM = /<li\b[^>]*>/giu;
const ANY_TAG = /<\/?[a-z][a-z0-9-]*\b[^>]*>/giu;
/** Markup is read only where it is markup: a tag the web uses, not "<3" or "a < b". */
const LOOKS_LIKE_HTML = /<(?:p|br|div|li|ul|ol|strong|b|em|i|span|h[1-6]|table|td|tr)\b[^>]*>/iu;

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  euro: '€',
  pound: '£',
  laquo: '«',
  raquo: '»',
  bdquo: '„',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/giu, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return safeChar(Number.parseInt(name.slice(2), 16), whole);
    if (name.startsWith('#')) return safeChar(Number.parseInt(name.slice(1), 10), whole);
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** A numeric entity's character, unless it is a control character (those stay refused as written). */
function safeChar(code: number, whole: string): string {
  if (!Number.isFinite(code) || code > 0x10ffff || code < 0x20 || (code >= 0x7f && code <= 0x9f))
    return whole;
  return String.fromCodePoint(code);
}

export function plainSummary(text: string): string {
  const lines = text.replace(/\r\n?/gu, '\n');
  if (!LOOKS_LIKE_HTML.test(lines)) return lines;
  const plain = lines
    .replace(LINE_BREAK, '\n')
    .replace(LIST_ITEM, '\n- ')
    .replace(BLOCK_TAG, '\n')
    .replace(ANY_TAG, '');
  return decodeEntities(plain)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/gu, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/gu, '\n\n')
    .trim();
}
