/**
 * Word data for the brief's picture subject (brief/subject.ts). Each list carries the examples
 * that are its test (test/unit/brief-subject.test.ts).
 */

/**
 * Nouns that name anyone or anything at all: a concrete noun, yet not what a picture of one
 * business shows ("customers", "people", "a member"). Lemmas, as WordNet writes them.
 */
export const GENERIC_HEADS = {
  words: new Set([
    'people',
    'person',
    'customer',
    'client',
    'member',
    'owner',
    'user',
    'buyer',
    'consumer',
    'visitor',
    'guest',
    'individual',
    'everyone',
    'someone',
    'anyone',
    'family',
    'friend',
    'local',
    'thing',
    'item',
    'collection',
    'range',
    'selection',
    'variety',
    'chain',
    'network',
    'product',
    'stuff',
    'unit',
    'piece',
    'site',
    'place',
    'area',
    'home',
    'world',
    'way',
    'side',
    'part',
    'head',
    'hand',
    'face',
    'body',
    'mind',
    'life',
    'brand',
    'company',
    'business',
    'firm',
    'shop',
    'store',
    'office',
    'location',
    'region',
    'city',
    'town',
    'country',
    'paper',
    'phone',
    'call',
    'card',
    'money',
    'cash',
    'fee',
    'price',
    'cost',
    'penny',
    'dollar',
    'pound',
    'euro',
  ]),
  examples: [
    { word: 'customer', generic: true },
    { word: 'people', generic: true },
    { word: 'keyboard', generic: false },
    { word: 'roofer', generic: false },
  ],
} as const;

/**
 * Top WordNet categories a picture can show: a noun whose usual sense lies under one of these is
 * something a camera sees (a roof, a keyboard, a vet, a puppy, beer). Places are left out: the
 * setting is the taxonomy scene's.
 */
export const PICTURABLE = {
  under: ['artifact', 'person', 'animal', 'plant', 'food', 'natural object'],
  not: ['location', 'structure'],
  examples: [
    { word: 'keyboard', picturable: true },
    { word: 'puppy', picturable: true },
    { word: 'beer', picturable: true },
    { word: 'roofer', picturable: true },
    { word: 'repair', picturable: false },
    { word: 'rental', picturable: false },
    // Its second sense is a person who stands in; the first, the act, is what a brief means.
    { word: 'replacement', picturable: false },
    { word: 'care', picturable: false },
    { word: 'membership', picturable: false },
    { word: 'insurance', picturable: false },
  ],
} as const;

/**
 * Words of a taxonomy scene that show anyone at all: the brief's own people take their place
 * ("people working at shared desks" for a brief whose members are "freelancers"). Singular with
 * its article, or plural; each example is the scene and the brief's people, then the result.
 */
export const ANYONE_IN_SCENE = {
  re: /\b(?:(?:an?|the) (?:person|customer|client)|people|customers|clients)\b/iu,
  examples: [
    {
      scene: 'people working at shared desks in a bright studio',
      people: 'illustrators',
      result: 'illustrators working at shared desks in a bright studio',
    },
    {
      scene: 'a courier handing a parcel to a customer at the door',
      people: 'florists',
      result: 'a courier handing a parcel to a florist at the door',
    },
    { scene: 'a baker pulling loaves from an oven', people: 'commuters', result: null },
  ],
} as const;

/**
 * Words before a noun that say how many, not which kind ("all caregivers", "most homeowners"):
 * a picture's people are named without them.
 */
export const QUANTITY_WORDS = {
  words: new Set([
    'all',
    'most',
    'many',
    'some',
    'few',
    'several',
    'every',
    'each',
    'other',
    'more',
    'both',
    'any',
    'no',
  ]),
  examples: [
    { phrase: 'all caregivers', people: 'caregivers' },
    { phrase: 'most homeowners', people: 'homeowners' },
    { phrase: 'many other renters', people: 'renters' },
    { phrase: 'independent vets', people: 'independent vets' },
  ],
} as const;

/**
 * Nouns English counts as a mass by their ending ("tableware", "knitwear"), which the tagger does
 * not know: a scene adds them without an article ("with handmade tableware").
 */
export const MASS_ENDING = {
  re: /(?:ware|wear)$/iu,
  examples: [
    { noun: 'tableware', mass: true },
    { noun: 'knitwear', mass: true },
    { noun: 'mug', mass: false },
  ],
};

/**
 * Words that mark people as the business's own staff when they come just before them ("our
 * trainers", "BACP-accredited counsellors", "qualified teachers", "nuestros monitores").
 */
export const STAFF_BEFORE = {
  re: /(?:^|[\s-])(?:our|all our|qualified|certified|accredited|registered|trained|experienced|expert|dbs-checked|nuestros|nuestras|unsere|nos)(?:[\s-]+[\p{L}-]+)?$/imu,
  examples: [
    { text: 'BACP-accredited', match: true },
    { text: 'our own', match: true },
    { text: 'side', match: false },
  ],
};
