import { type LibraryPicture, pictureLibrary } from './library.ts';
import { tablerLibrary } from './tabler.ts';
import { tradeOf } from './terms.ts';

// The taxonomy's picture of a trade (ADR 0064): what the chooser (choose.ts) shows where the
// brief's subject finds nothing better.

/**
 * What the taxonomy's own picture of the trade scores: it stands for the business when the
 * subject finds nothing in the library, and when what it finds is a weaker match (a prop of the
 * scene, a word read in another sense: a champagne bottle for a perfume's "bottle"). A picture
 * the subject names outright (its head noun, 1) still wins: "a pint of IPA" shows a beer.
 */
export const TRADE_PICTURE = 0.9;

/** The library picture the taxonomy names for the category's trade (`name` or `tabler:name`). */
export function tradePicture(category: string): LibraryPicture | undefined {
  const id = tradeOf(category)?.picture;
  if (!id) return undefined;
  const [source, name] = id.startsWith('tabler:') ? ['tabler', id.slice(7)] : ['fluent', id];
  return (source === 'tabler' ? tablerLibrary() : pictureLibrary()).find((p) => p.name === name);
}
