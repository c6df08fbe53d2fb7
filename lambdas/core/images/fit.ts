import { Resvg } from '@resvg/resvg-js';

/**
 * Scales an image to cover exactly width × height and crops the overflow around the centre
 * (CSS `object-fit: cover`). Models generate near one megapixel at their own set of ratios;
 * this brings any of them to the delivery size.
 */
export function coverTo(
  image: Buffer,
  mime: 'image/png' | 'image/jpeg',
  width: number,
  height: number,
): Buffer {
  const href = `data:${mime};base64,${image.toString('base64')}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><image x="0" y="0" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice" xlink:href="${href}"/></svg>`;
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng());
}
