import { lighten } from '../color.ts';
import type { LibraryPicture } from '../pictures/library.ts';
import { gradient, n, rect, type SceneContext, tones } from './kit.ts';

/**
 * A picture of the business from the library (ADR 0037) on a flat field of a brand colour: the
 * illustration large, on a crisp disc of a lighter tint (a poster's flat shapes, not a grey
 * vignette that reads as clip art). Without a picture, the field alone: a brand layout, never a
 * scene of some other business.
 */
export function illustrationScene(s: SceneContext, picture: LibraryPicture | undefined): string {
  const { W, H, u, rng } = s;
  const t = tones(s.pal);
  const field = rng.pick([t.primarySoft, t.secondarySoft, t.accentSoft]);
  if (!picture)
    return rect(
      0,
      0,
      W,
      H,
      gradient(s, 0, 0, W * 0.3, H, [
        [0, lighten(field, 0.35)],
        [1, field],
      ]),
    );
  // Small enough to stay whole in the widest card a layout cuts from the frame (4:5's top band).
  const size = u * rng.range(0.46, 0.52);
  const cx = W / 2;
  const cy = H / 2;
  return [
    rect(0, 0, W, H, field),
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(size * 0.6)}" fill="${lighten(field, 0.55)}"/>`,
    `<svg x="${n(cx - size / 2)}" y="${n(cy - size / 2)}" width="${n(size)}" height="${n(size)}" viewBox="0 0 32 32">${picture.body}</svg>`,
  ].join('');
}
