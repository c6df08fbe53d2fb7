import sharp from 'sharp';

/** A rectangle in fractions of the image (0–1), so one measurement serves every delivery size. */
export type RelBox = { x: number; y: number; width: number; height: number };

/**
 * Busy-ness of an image on a coarse grid, measured once on a small greyscale copy.
 * `edge` is the mean gradient magnitude (0–255) and `variance` the luminance variance of each
 * cell: together they say where a picture is calm enough for text and where its subject is.
 */
export type BusyGrid = {
  cols: number;
  rows: number;
  /** Row-major, `cols × rows` cells. */
  edge: Float32Array;
  variance: Float32Array;
  mean: Float32Array;
};

/** Long side of the copy that is measured: enough for regions, cheap enough for every creative. */
const SAMPLE_SIDE = 160;

/** Decoded pixels, so a caller that already decoded the visual does not pay for it twice. */
export type RawImage = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

export async function measureBusyGrid(image: Buffer | RawImage, cols = 16, rows = 16): Promise<BusyGrid> {
  const source = Buffer.isBuffer(image)
    ? sharp(image)
    : sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  const { data, info } = await source
    .removeAlpha()
    .greyscale()
    .resize(SAMPLE_SIDE, SAMPLE_SIDE, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  const edge = new Float32Array(cols * rows);
  const sum = new Float64Array(cols * rows);
  const sumSq = new Float64Array(cols * rows);
  const count = new Uint32Array(cols * rows);
  for (let y = 0; y < h; y++) {
    const cy = Math.min(rows - 1, Math.floor((y * rows) / h));
    for (let x = 0; x < w; x++) {
      const cx = Math.min(cols - 1, Math.floor((x * cols) / w));
      const cell = cy * cols + cx;
      const v = data[y * w + x] ?? 0;
      const right = data[y * w + Math.min(w - 1, x + 1)] ?? v;
      const down = data[Math.min(h - 1, y + 1) * w + x] ?? v;
      edge[cell] = (edge[cell] ?? 0) + Math.abs(right - v) + Math.abs(down - v);
      sum[cell] = (sum[cell] ?? 0) + v;
      sumSq[cell] = (sumSq[cell] ?? 0) + v * v;
      count[cell] = (count[cell] ?? 0) + 1;
    }
  }
  const variance = new Float32Array(cols * rows);
  const mean = new Float32Array(cols * rows);
  for (let i = 0; i < cols * rows; i++) {
    const n = count[i] || 1;
    const m = (sum[i] ?? 0) / n;
    mean[i] = m;
    variance[i] = Math.max(0, (sumSq[i] ?? 0) / n - m * m);
    edge[i] = (edge[i] ?? 0) / n;
  }
  return { cols, rows, edge, variance, mean };
}

/** Mean edge density, luminance variance and luminance of the grid cells a box covers. */
export function regionStats(grid: BusyGrid, box: RelBox): { edge: number; variance: number; mean: number } {
  const x0 = clampIndex(Math.floor(box.x * grid.cols), grid.cols);
  const y0 = clampIndex(Math.floor(box.y * grid.rows), grid.rows);
  const x1 = clampIndex(Math.ceil((box.x + box.width) * grid.cols) - 1, grid.cols);
  const y1 = clampIndex(Math.ceil((box.y + box.height) * grid.rows) - 1, grid.rows);
  let edge = 0;
  let variance = 0;
  let mean = 0;
  let n = 0;
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const i = y * grid.cols + x;
      edge += grid.edge[i] ?? 0;
      variance += grid.variance[i] ?? 0;
      mean += grid.mean[i] ?? 0;
      n++;
    }
  return n === 0
    ? { edge: 0, variance: 0, mean: 0 }
    : { edge: edge / n, variance: variance / n, mean: mean / n };
}

/**
 * One busy-ness score per box (lower is calmer): edge density dominates, since text fails on
 * texture more than on a smooth gradient, and variance catches large light/dark swings.
 */
export function busyScore(grid: BusyGrid, box: RelBox): number {
  const s = regionStats(grid, box);
  return s.edge + Math.sqrt(s.variance) * 0.5;
}

/**
 * Bounding box of the salient part of an image: the smallest box holding the cells whose busy
 * score is well above the image's median. Used to keep the subject when a visual is cropped.
 */
export function salientBox(grid: BusyGrid): RelBox {
  const scores: number[] = [];
  for (let i = 0; i < grid.cols * grid.rows; i++)
    scores.push((grid.edge[i] ?? 0) + Math.sqrt(grid.variance[i] ?? 0) * 0.5);
  const sorted = [...scores].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const top = sorted[Math.floor(sorted.length * 0.9)] ?? 0;
  const threshold = median + (top - median) * 0.5;
  let minX = grid.cols;
  let minY = grid.rows;
  let maxX = -1;
  let maxY = -1;
  scores.forEach((score, i) => {
    if (score < threshold || top - median < 1) return;
    const x = i % grid.cols;
    const y = Math.floor(i / grid.cols);
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  });
  if (maxX < 0) return { x: 0.25, y: 0.25, width: 0.5, height: 0.5 };
  return {
    x: minX / grid.cols,
    y: minY / grid.rows,
    width: (maxX - minX + 1) / grid.cols,
    height: (maxY - minY + 1) / grid.rows,
  };
}

function clampIndex(value: number, size: number): number {
  return Math.max(0, Math.min(size - 1, value));
}
