/** Writes creatives' PNGs into a folder (generate --wait, jobs wait --download, creatives download). */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { AdgenError, type Creative } from '../../client/index.ts';

export type DownloadedFile = {
  id: string;
  aspect_ratio: string;
  width: number | null;
  height: number | null;
  file: string;
};

/**
 * Downloads every creative that has an image (its presigned URL) as
 * `<folder>/NNN-<ratio>-<creative id>.png`, numbered in the given order.
 */
export async function downloadCreatives(
  creatives: readonly Creative[],
  folder: string,
): Promise<{ folder: string; files: DownloadedFile[] }> {
  const absolute = resolve(folder);
  await mkdir(absolute, { recursive: true });
  const files: DownloadedFile[] = [];
  for (const creative of creatives) {
    if (!creative.image_url) continue;
    const res = await fetch(creative.image_url).catch((error: Error) => {
      throw new AdgenError('network_error', 0, `Could not download ${creative.id}: ${error.message}`);
    });
    if (!res.ok)
      throw new AdgenError(
        'internal_error',
        res.status,
        `Downloading ${creative.id} answered ${res.status}.`,
      );
    const file = join(
      absolute,
      `${String(files.length + 1).padStart(3, '0')}-${creative.aspect_ratio.replace(':', 'x')}-${creative.id}.png`,
    );
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    files.push({
      id: creative.id,
      aspect_ratio: creative.aspect_ratio,
      width: creative.width,
      height: creative.height,
      file,
    });
  }
  return { folder: absolute, files };
}

/** The human lines of a download: how many PNGs where, then one line per file. */
export function downloadLines({ folder, files }: { folder: string; files: DownloadedFile[] }): string[] {
  return [
    `${files.length} PNG${files.length === 1 ? '' : 's'} in ${folder}`,
    ...files.map((f) => `  ${f.file} (${f.width}x${f.height})`),
  ];
}
