import { lighten } from '../color.ts';
import type { LibraryPicture } from '../pictures/library.ts';
import { gradient, n, rect, type SceneContext, softDisc, tones } from './kit.ts';

/**
 * A picture of the business from the library (ADR 0037) on a soft field of the brand's colours:
 * the illustration large in the middle of the frame, a halo behind it. Without a picture, the
 * field alone: a brand layout, never a scene of some other business.
 */
export function illustrationScene(s: SceneContext, picture: LibraryPicture | undefined): string {
  const { W, H, u, rng } = s;
  const t = tones(s.pal);
  const field = rng.pick([t.primarySoft, t.secondarySoft, t.accentSoft, t.wall]);
  const out = [
    rect(
      0,
      0,
      W,
      H,
      gradient(s, 0, 0, W * 0.3, H, [
        [0, lighten(field, 0.35)],
        [1, field],
      ]),
    ),
  ];
  if (!picture) return out.join('');
  const size = u * rng.range(0.56, 0.66);
  const cx = W / 2;
  const cy = H / 2;
  out.push(softDisc(s, cx, cy, size * 0.62, lighten(field, 0.7), 0.9, u * 0.05));
  out.push(
    `<svg x="${n(cx - size / 2)}" y="${n(cy - size / 2)}" width="${n(size)}" height="${n(size)}" viewBox="0 0 32 32">${picture.body}</svg>`,
  );
  return out.join('');
}
