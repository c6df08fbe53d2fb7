import { circle, gradient, mx, n, rect, type SceneContext, softDisc, tones } from './kit.ts';

/** Abstract brand-colour composition: large soft discs, a diagonal band and arcs, seeded. */
export function abstractScene(s: SceneContext): string {
  const { W, H, u, rng } = s;
  const t = tones(s.pal);
  const bgPair = rng.pick([
    [t.paper, t.primarySoft],
    [t.primary, t.primaryDeep],
    [t.secondarySoft, t.paper],
    [t.accentSoft, t.paper],
  ] as const);
  const out: string[] = [
    rect(
      0,
      0,
      W,
      H,
      gradient(s, 0, 0, W, H, [
        [0, bgPair[0]],
        [1, bgPair[1]],
      ]),
    ),
  ];
  const colours = [t.primary, t.secondary, t.accent, t.primarySoft, t.secondarySoft, t.accentSoft].filter(
    (c) => c !== bgPair[0],
  );
  // A diagonal band across the canvas.
  const angle = rng.range(-35, 35);
  out.push(
    `<g transform="rotate(${n(angle)} ${n(W / 2)} ${n(H / 2)})">${rect(-W, H * rng.range(0.35, 0.6), W * 3, u * rng.range(0.12, 0.26), rng.pick(colours), 'opacity="0.85"')}</g>`,
  );
  const count = rng.int(3, 5);
  for (let i = 0; i < count; i++) {
    const r = u * rng.range(0.14, 0.42);
    const fill = rng.pick(colours);
    const soft = rng.chance(0.4);
    const cx = mx(s, W * rng.range(0.05, 0.95));
    const cy = H * rng.range(0.05, 0.95);
    out.push(soft ? softDisc(s, cx, cy, r, fill, 0.8, u * 0.04) : circle(cx, cy, r, fill, 'opacity="0.92"'));
  }
  // Concentric arcs in one corner.
  const cx = mx(s, rng.chance(0.5) ? W * 0.9 : W * 0.1);
  const cy = rng.chance(0.5) ? H * 0.1 : H * 0.9;
  const stroke = rng.pick(colours);
  for (let i = 1; i <= 4; i++)
    out.push(
      circle(cx, cy, u * 0.08 * i, 'none', `stroke="${stroke}" stroke-width="${n(u * 0.012)}" opacity="0.7"`),
    );
  return out.join('');
}
