import { gradient, mx, n, rect, type SceneContext, tones } from './kit.ts';

/** For B2B: clean editorial blocks — a column grid, a chart, rules and a photo-like block in brand tones. */
export function editorialScene(s: SceneContext): string {
  const { W, H, u, rng } = s;
  const t = tones(s.pal);
  const out: string[] = [rect(0, 0, W, H, t.paper)];
  const cols = rng.int(3, 4);
  const gut = u * 0.03;
  const colW = (W - gut * (cols + 1)) / cols;
  // A large block of the primary, a chart card and a few thin rules.
  const bigCol = rng.int(0, cols - 2);
  const bx = mx(s, gut + bigCol * (colW + gut)) - (s.flip ? colW * 2 + gut : 0);
  const by = H * rng.range(0.08, 0.2);
  const bh = H * rng.range(0.38, 0.5);
  out.push(
    rect(
      bx,
      by,
      colW * 2 + gut,
      bh,
      gradient(s, bx, by, bx + colW * 2, by + bh, [
        [0, t.primary],
        [1, t.primaryDeep],
      ]),
    ),
  );
  // Bars in the block.
  const bars = 5;
  for (let i = 0; i < bars; i++) {
    const h = bh * rng.range(0.2, 0.7);
    const w = (colW * 2 - gut) / (bars * 1.7);
    out.push(
      rect(bx + gut + i * w * 1.7, by + bh - gut - h, w, h, i === bars - 1 ? t.accent : t.primarySoft),
    );
  }
  const cx = mx(s, W - gut - colW) - (s.flip ? colW : 0);
  const cy = by + bh * rng.range(0.3, 0.6);
  out.push(rect(cx, cy, colW, H * 0.3, t.secondarySoft));
  out.push(
    `<polyline points="${[0, 1, 2, 3, 4, 5]
      .map(
        (i) => `${n(cx + gut + (i * (colW - 2 * gut)) / 5)},${n(cy + H * 0.25 - rng.range(0.02, 0.2) * H)}`,
      )
      .join(' ')}" fill="none" stroke="${t.secondary}" stroke-width="${n(u * 0.008)}"/>`,
  );
  for (let i = 0; i < rng.int(3, 6); i++) {
    const y = H * rng.range(0.65, 0.95);
    const x = gut + rng.int(0, cols - 1) * (colW + gut);
    out.push(rect(x, y, colW * rng.range(0.5, 1), u * 0.006, t.ink, 'opacity="0.35"'));
  }
  out.push(rect(mx(s, gut), H - u * 0.05, W * 0.3, u * 0.018, t.accent));
  return out.join('');
}
