/**
 * Pattern data of the hook metrics: what a creative director would strike out. Each list has
 * examples (the `EXAMPLES` below are asserted by test/unit/eval-hook-checks.test.ts).
 */

/** Template phrases that fit any business: a hook built on one is filler whatever follows. */
export const FILLER_PHRASES: Record<string, readonly string[]> = {
  en: [
    'say hello to',
    'take a closer look',
    'discover the difference',
    'all your needs',
    'look no further',
    'experience the',
    'quality you can trust',
    'elevate your',
    'unlock',
    'unleash',
    'game-changer',
    'game changer',
    'the wait is over',
    "you won't believe",
    'meet your new',
    'something for everyone',
    'introducing',
    'why wait',
    'solutions for',
    'next level',
    'like never before',
  ],
  es: [
    'descubre la diferencia',
    'todo lo que necesitas',
    'no busques más',
    'lleva tu',
    'al siguiente nivel',
    'te presentamos',
    'calidad que',
  ],
  de: [
    'entdecken sie',
    'alles, was sie brauchen',
    'qualität, der sie vertrauen',
    'auf das nächste level',
    'jetzt neu',
    'erleben sie',
  ],
  fr: [
    'découvrez la différence',
    'tout ce dont vous avez besoin',
    'ne cherchez plus',
    'passez au niveau supérieur',
    'la qualité',
    'découvrez',
  ],
};

/** Words that carry no fact (a hook whose content words are all here, or absent from the brief, is filler). */
export const STOPWORDS: Record<string, readonly string[]> = {
  en: 'a an the and or but of to in on at by for from with your you our we us it its is are be this that these those their they them as so if not no all every more most just now get got can will'.split(
    ' ',
  ),
  es: 'el la los las un una unos unas y o de del a al en con por para tu tus su sus nuestro nuestra es son que se lo más muy sin ya'.split(
    ' ',
  ),
  de: 'der die das den dem des ein eine einen einem einer und oder mit von zu zur zum im in am an auf für ihr ihre sie wir unser unsere ist sind es nicht kein keine auch noch'.split(
    ' ',
  ),
  fr: 'le la les un une des du de et ou à au aux en avec pour par sur votre vos vous notre nos nous est sont ce cette qui que ne pas plus très'.split(
    ' ',
  ),
};

/** Grammar slips a reader notices, as patterns over a hook (all languages unless keyed). */
export const SLIP_PATTERNS: readonly {
  name: string;
  pattern: string;
  flags?: string;
  languages?: readonly string[];
}[] = [
  { name: 'doubled word', pattern: '(?<![\\p{L}\\p{N}])(\\p{L}{2,})\\s+\\1(?![\\p{L}\\p{N}])', flags: 'iu' },
  { name: 'lower-case sentence start', pattern: '(?:^|[.!?]\\s+)[a-zàáâäçèéêëìíîïñòóôöùúûü]', flags: 'u' },
  { name: 'space before punctuation', pattern: '\\s[,.;!?]', languages: ['en', 'es', 'de'] },
  {
    name: 'no narrow space before ? or :',
    pattern: '[\\p{L}\\p{N}][?:;!](?:\\s|$)',
    flags: 'u',
    languages: ['fr'],
  },
  { name: 'casing slip', pattern: '\\b[a-z]+[A-Z]{2,}|\\b[a-z][A-Z]' },
  { name: 'empty brackets or stray punctuation', pattern: '\\(\\s*\\)|[,;:]\\s*[.!?]|\\.\\.(?!\\.)' },
  { name: 'Spanish question without ¿', pattern: '^(?!.*¿).*\\?', languages: ['es'] },
  {
    name: 'third person about the reader',
    pattern: '^(?:has|is|does|wants?|needs?)\\s',
    flags: 'i',
    languages: ['en'],
  },
  {
    name: 'audience pronoun with no one named',
    pattern: '^(?:their|they|them)\\b',
    flags: 'i',
    languages: ['en'],
  },
];

/** Rating forms: a figure on a scale, which must keep its scale when printed. */
export const RATING_PATTERN = String.raw`(\d+(?:[.,]\d+)?)\s*(?:\/\s*\d+|stars?|estrellas|Sterne|étoiles)`;

export const EXAMPLES = {
  filler: {
    catch: ['Say hello to Meridian Freight.', 'Take a closer look at our roofs'],
    pass: ['Stuck shipments? A named account manager.'],
  },
  slips: {
    catch: [
      'Meet X: a homeowners and and landlords',
      'Has at least 25g of protein per serving.',
      'Empty () here.',
    ],
    pass: ['Hate being on camera? Documentary style.'],
  },
} as const;
