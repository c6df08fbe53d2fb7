/** A `w:h` aspect ratio with positive integer sides, as campaigns carry them. */
export type AspectRatio = { w: number; h: number; label: string };

export const MAX_ASPECT_RATIOS = 10;
/** Narrower or wider than this cannot hold a readable ad at a 1080–1920 px long side. */
const MAX_ELONGATION = 4;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export type AspectRatioResult = { ok: true; ratios: AspectRatio[] } | { ok: false; problems: string[] };

/**
 * Parses `1:1, 9:16` into ratios. Spaces around items are allowed; empty items, non-integer
 * sides, zero, extreme shapes and duplicates (also `2:2` after `1:1`, which is the same shape)
 * are problems, each named.
 */
export function parseAspectRatios(input: string): AspectRatioResult {
  const problems: string[] = [];
  const ratios: AspectRatio[] = [];
  const seen = new Map<string, string>();
  const items = input.split(',').map((s) => s.trim());
  if (items.length > MAX_ASPECT_RATIOS) problems.push(`at most ${MAX_ASPECT_RATIOS} ratios are allowed`);
  for (const item of items) {
    const match = /^(\d{1,4}):(\d{1,4})$/.exec(item);
    if (!match) {
      problems.push(`'${item}' is not of the form <w>:<h> with positive integers`);
      continue;
    }
    const w = Number(match[1]);
    const h = Number(match[2]);
    if (w === 0 || h === 0) {
      problems.push(`'${item}' has a zero side`);
      continue;
    }
    if (Math.max(w / h, h / w) > MAX_ELONGATION) {
      problems.push(`'${item}' is more elongated than 1:${MAX_ELONGATION}`);
      continue;
    }
    const g = gcd(w, h);
    const shape = `${w / g}:${h / g}`;
    const earlier = seen.get(shape);
    if (earlier !== undefined) {
      problems.push(`'${item}' duplicates '${earlier}'`);
      continue;
    }
    seen.set(shape, item);
    ratios.push({ w, h, label: `${w}:${h}` });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, ratios };
}

export function formatAspectRatios(ratios: readonly AspectRatio[]): string {
  return ratios.map((r) => r.label).join(',');
}
