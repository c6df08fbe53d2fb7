import { contrastRatio, lighten } from '../color.ts';
import { accentOn, type BrandPalette } from '../palette.ts';
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
  const disc = lighten(field, 0.55);
  const shapes = [
    rect(0, 0, W, H, field),
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(size * 0.6)}" fill="${disc}"/>`,
  ];
  if (picture.source === 'tabler') {
    // A line icon drawn as an emblem: stroked in a brand colour that stands out on the disc,
    // inside a thin ring of the same colour, a little smaller than an emoji (its lines reach
    // the edges of its grid, an emoji's shapes do not).
    const ink = emblemInk(s.pal, disc);
    const icon = size * 0.78;
    shapes.push(
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(size * 0.6 - size * 0.045)}" fill="none" stroke="${ink}" stroke-width="${n(size * 0.012)}"/>`,
      pictureSvg(picture, cx - icon / 2, cy - icon / 2, icon, ink),
    );
  } else shapes.push(pictureSvg(picture, cx - size / 2, cy - size / 2, size, ''));
  return shapes.join('');
}

/**
 * A library picture drawn in a square of `size` at (x, y): an emoji as it is, a line icon
 * stroked in `ink` on its 24-unit grid.
 */
export function pictureSvg(picture: LibraryPicture, x: number, y: number, size: number, ink: string): string {
  const at = `x="${n(x)}" y="${n(y)}" width="${n(size)}" height="${n(size)}"`;
  return picture.source === 'tabler'
    ? `<svg ${at} viewBox="0 0 24 24"><g fill="none" stroke="${ink}" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">${picture.body}</g></svg>`
    : `<svg ${at} viewBox="0 0 32 32">${picture.body}</svg>`;
}

/** The brand colour a line icon is drawn in: the primary when it reads at 3:1 on its disc, else the fill a badge would take there. */
function emblemInk(pal: BrandPalette, disc: string): string {
  return contrastRatio(pal.kit.primary, disc) >= 3 ? pal.kit.primary : accentOn(pal, disc);
}
