/**
 * "Nothing invented", as a check: every number and every claim word a text uses must appear
 * in one of its sources (the brief, the campaign's offer and CTA, the brand kit). Used on the
 * offline engine's output by the tests and on the Bedrock model's answers at run time.
 */

/** Words that promise something; a brief must state them before an ad may. */
export const CLAIM_WORDS = [
  'free',
  'risk-free',
  'guarantee',
  'guaranteed',
  'refund',
  'refunds',
  'money-back',
  'award',
  'award-winning',
  'winner',
  'best',
  'certified',
  'clinically',
  'proven',
  'cheapest',
  'gratis',
  'gratuit',
  'gratuite',
  'kostenlos',
  'garantía',
  'garantie',
  'garantizado',
  'reembolso',
  'remboursé',
] as const;

const norm = (n: string) => n.replace(/[.,]$/, '').replace(/\s/g, '');

export function numbersIn(text: string): string[] {
  return (text.match(/\d[\d,.\s]*\d|\d/g) ?? []).map((n) => norm(n.trim())).filter(Boolean);
}

export function claimWordsIn(text: string): string[] {
  const lower = text.toLowerCase();
  return CLAIM_WORDS.filter((w) => new RegExp(`(?<![\\p{L}-])${w}(?![\\p{L}-])`, 'u').test(lower));
}

/** The numbers and claim words of `text` that none of `sources` contains. */
export function untraced(text: string, sources: readonly string[]): string[] {
  const all = sources.join(' \n ');
  const sourceNumbers = new Set(numbersIn(all));
  const sourceClaims = new Set(claimWordsIn(all));
  const missing = [
    ...numbersIn(text).filter((n) => !sourceNumbers.has(n) && !all.replace(/\s/g, '').includes(n)),
    ...claimWordsIn(text).filter((w) => !sourceClaims.has(w)),
  ];
  return [...new Set(missing)];
}
