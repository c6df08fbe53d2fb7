import { DIRECTION_CUE } from './patterns/cues.ts';

/** Words a claim needs before a direction remark for the claim to stand on its own. */
const MIN_CLAIM_WORDS = 3;

/**
 * Where a direction to the copywriter starts in a piece of text: 0 when the whole piece is one
 * ("Lead with the price"), the comma before it when a claim comes first ("150 seats, and
 * honestly that is the whole pitch": the claim stays, the remark goes), undefined when none.
 */
export function directionAt(text: string): number | undefined {
  const m = DIRECTION_CUE.re.exec(text);
  if (!m) return undefined;
  const comma = text.lastIndexOf(',', m.index);
  if (comma <= 0) return 0;
  const claim = text.slice(0, comma).trim().split(/\s+/).length;
  return claim >= MIN_CLAIM_WORDS ? comma : 0;
}
