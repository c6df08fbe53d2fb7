import type { Box } from './compositor.ts';
import { dataUrl, imageInfo } from './png.ts';

/**
 * The product over a model visual, kept minimal until the layout engine places it itself: fitted
 * inside the layout's hero region (which no text uses), standing on its bottom edge, centred,
 * with a soft contact shadow under it so it sits on the scene rather than floats.
 */
export type ProductLayer = { box: Box; svg: string };

export function productLayer(
  product: Buffer,
  hero: Box,
  canvas: { width: number; height: number },
): ProductLayer | undefined {
  const info = imageInfo(product);
  if (info?.format !== 'png' || info.width <= 0 || info.height <= 0) return undefined;
  const maxW = hero.width * 0.78;
  const maxH = hero.height * 0.78;
  const k = Math.min(maxW / info.width, maxH / info.height);
  const width = Math.round(info.width * k);
  const height = Math.round(info.height * k);
  const x = Math.round(hero.x + (hero.width - width) / 2);
  const y = Math.round(hero.y + hero.height - height - hero.height * 0.06);
  const box = { x, y, width, height };
  const u = Math.min(canvas.width, canvas.height);
  const rx = width * 0.42;
  const ry = Math.max(4, Math.min(height * 0.05, u * 0.02));
  const blur = Math.max(2, ry * 0.6);
  const cx = x + width / 2;
  const cy = y + height - ry * 0.3;
  const svg =
    `<filter id="contact" filterUnits="userSpaceOnUse" x="${cx - rx - 4 * blur}" y="${cy - ry - 4 * blur}" width="${2 * rx + 8 * blur}" height="${2 * ry + 8 * blur}"><feGaussianBlur stdDeviation="${blur}"/></filter>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#000000" fill-opacity="0.34" filter="url(#contact)"/>` +
    `<image href="${dataUrl(product, 'png')}" x="${x}" y="${y}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid meet"/>`;
  return { box, svg };
}
