import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the picture checks read of a brief of the shared evaluation corpus (see its README). */
export type PictureBrief = {
  id: string;
  number: number;
  language: string;
  client_name: string;
  research_summary: string;
  campaign: { offer_text: string; cta_text: string };
  gold: { category: string; subject: string; product: string };
};

/** The corpus lies beside the clone (CI lays shared/ there). */
export const PICTURE_CORPUS_DIR =
  process.env.BRIEF_CORPUS_DIR ?? join(process.cwd(), '..', 'shared', 'briefs');

export function loadPictureCorpus(dir = PICTURE_CORPUS_DIR): PictureBrief[] {
  return readdirSync(dir)
    .filter((f) => /^\d\d-.*\.json$/.test(f))
    .sort()
    .map((f) => ({ ...JSON.parse(readFileSync(join(dir, f), 'utf8')), number: Number(f.slice(0, 2)) }));
}
