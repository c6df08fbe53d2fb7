import { lighten } from '../color.ts';
import { gradient, n, rect, type SceneContext, softDisc, tones } from './kit.ts';

/** For a physical product: a soft studio backdrop and floor; the compositor stands the product on it. */
export function stageScene(s: SceneContext): string {
  const { W, H, u, rng } = s;
  const t = tones(s.pal);
  const warm = rng.pick([t.primarySoft, t.secondarySoft, t.accentSoft, t.wall]);
  const horizon = H * rng.range(0.6, 0.72);
  const out = [
    rect(
      0,
      0,
      W,
      horizon,
      gradient(s, 0, 0, 0, horizon, [
        [0, lighten(warm, 0.4)],
        [1, warm],
      ]),
    ),
    rect(
      0,
      horizon,
      W,
      H - horizon,
      gradient(s, 0, horizon, 0, H, [
        [0, t.wallShade],
        [1, t.floor],
      ]),
    ),
    softDisc(
      s,
      W * rng.range(0.3, 0.7),
      horizon * 0.6,
      u * rng.range(0.3, 0.45),
      lighten(warm, 0.7),
      0.8,
      u * 0.08,
    ),
  ];
  if (rng.chance(0.5))
    out.push(rect(0, horizon - u * 0.004, W, u * 0.008, t.wallShade, `opacity="${n(0.6)}"`));
  return out.join('');
}
