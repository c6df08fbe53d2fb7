import { corpusDir, loadCorpus } from '../../bench/eval/corpus.ts';

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

/** The corpus directory and its one loader (bench/eval/corpus.ts); a picture check reads these fields. */
export const PICTURE_CORPUS_DIR = corpusDir();

export function loadPictureCorpus(dir = PICTURE_CORPUS_DIR): PictureBrief[] {
  return loadCorpus(dir);
}
