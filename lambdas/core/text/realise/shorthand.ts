import type { Catalogue } from './catalogue.ts';

const cache = new WeakMap<Catalogue, readonly { re: RegExp; to: string }[]>();

function compiled(cat: Catalogue) {
  let found = cache.get(cat);
  if (!found) {
    found = cat.shorthand.map((s) => ({
      re: new RegExp(`(?<![\\p{L}/])(?:${s.pattern})(?![\\p{L}/])`, 'giu'),
      to: s.to,
    }));
    cache.set(cat, found);
  }
  return found;
}

/** A note's shorthand written out for a reader ("15+ yrs" → "15+ years"); a capital stays a capital. */
export function expandShorthand(text: string, cat: Catalogue): string {
  let out = text;
  for (const { re, to } of compiled(cat))
    out = out.replace(re, (m) => (/^\p{Lu}/u.test(m) ? to.charAt(0).toUpperCase() + to.slice(1) : to));
  // A word dropped at the start leaves its space.
  return out.trimStart();
}
