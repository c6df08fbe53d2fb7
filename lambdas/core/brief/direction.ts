import { DIRECTION_CUE } from './patterns/cues.ts';

/** Words a claim needs before a direction remark for the claim to stand on its own. */
const MIN_CLAIM_WORDS = 3;

/**
 * Where a direction to the copywriter starts in a piece of text: 0 when the whole piece is one
 * ("Lead with the price"), the comma (semicolon, spaced dash) before it when a claim comes first ("150 seats, and
 * honestly that is the whole pitch", "5.0 on Google – OK to say 5-star": the claim stays, the
 * remark goes), undefined when none.
 */
export function directionAt(text: string): number | undefined {
  const m = DIRECTION_CUE.re.exec(text);
  if (!m) return undefined;
  // The claim ends at the last comma, semicolon or spaced dash before the remark.
  const comma = Math.max(
    ...[...text.slice(0, m.index).matchAll(/,|;|\s[—–-]\s/gu)].map((b) => b.index ?? -1),
    -1,
  );
  if (comma <= 0) return 0;
  const claim = text.slice(0, comma).trim().split(/\s+/).length;
  return claim >= MIN_CLAIM_WORDS ? comma : 0;
}
