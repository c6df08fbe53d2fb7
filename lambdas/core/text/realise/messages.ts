import indefinite from 'indefinite';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Catalogue, MessageKey } from './catalogue.ts';
import { de } from './catalogues/de.ts';
import { en } from './catalogues/en.ts';
import { es } from './catalogues/es.ts';
import { fr } from './catalogues/fr.ts';

/** The languages the offline engine writes. */
export const CATALOGUES: Readonly<Record<string, Catalogue>> = { en, es, de, fr };
export const OFFLINE_LANGUAGES = Object.keys(CATALOGUES);

export function catalogueFor(language: string): Catalogue | undefined {
  return CATALOGUES[language];
}

const compiled = new Map<string, IntlMessageFormat>();

/** A catalogue message filled with its slots (compiled once per locale and key). */
export function message(cat: Catalogue, key: MessageKey, values: Record<string, string | number>): string {
  const id = `${cat.locale}\u0000${key}`;
  let format = compiled.get(id);
  if (!format) {
    // Apostrophes in copy are text, not ICU quoting: the catalogues never quote syntax.
    format = new IntlMessageFormat(cat.messages[key].replaceAll("'", "''"), cat.locale, undefined, {
      ignoreTag: true,
    });
    compiled.set(id, format);
  }
  return String(format.format(values))
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** English noun phrase with its indefinite article ("an account manager", "a unicorn"). */
export const withIndefinite = (np: string) => indefinite(np);
