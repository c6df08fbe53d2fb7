/**
 * Delivery size for a `w:h` ratio: the common placements at their platform sizes; any other ratio
 * at its exact shape with the long side between 1080 and 1920 px (short side ≥ 1080 when that
 * keeps the long side ≤ 1920, else long side 1920).
 */
const KNOWN: Record<string, { width: number; height: number }> = {
  '1:1': { width: 1080, height: 1080 },
  '4:5': { width: 1080, height: 1350 },
  '9:16': { width: 1080, height: 1920 },
  '16:9': { width: 1920, height: 1080 },
  '191:100': { width: 1200, height: 628 },
  '2:3': { width: 1000, height: 1500 },
};

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export function deliverySize(ratio: { w: number; h: number }): { width: number; height: number } {
  const g = gcd(ratio.w, ratio.h);
  const w = ratio.w / g;
  const h = ratio.h / g;
  const known = KNOWN[`${w}:${h}`];
  if (known) return known;
  // Short side 1080 unless that pushes the long side past 1920. Sizes are multiples of the
  // reduced ratio, so the shape is exact.
  const shortUnit = Math.min(w, h);
  const longUnit = Math.max(w, h);
  let k = Math.ceil(1080 / shortUnit);
  if (k * longUnit > 1920) k = Math.floor(1920 / longUnit);
  if (k * longUnit < 1080) k = Math.ceil(1080 / longUnit);
  return { width: w * k, height: h * k };
}

export function parseRatio(label: string): { w: number; h: number } {
  const [w, h] = label.split(':').map(Number);
  if (!w || !h) throw new RangeError(`not a ratio: ${label}`);
  return { w, h };
}
