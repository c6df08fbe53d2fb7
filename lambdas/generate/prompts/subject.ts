/**
 * What the picture shows, named for the model: a category recognised from the angle and the
 * brief (words the business itself used), and for it a subject and a setting. Only these fixed
 * phrases reach the prompt, never the caller's text, so no name, number or quote can leak in.
 */
export type Subject = {
  category: string;
  /** The thing in focus, e.g. "a freshly poured cup of coffee". */
  subject: string;
  /** Where it is, e.g. "on a sunlit cafe counter". */
  setting: string;
  /** The surface the product stands on when the campaign has one. */
  productStage: string;
  /** Whether people are in the scene (hands and faces then go on the negative prompt). */
  people: boolean;
};

type Category = Subject & { match: RegExp };

const CATEGORIES: readonly Category[] = [
  {
    category: 'coffee',
    match: /\b(coffee|espresso|latte|barista|roast(er|ery|ed)?|beans?|cafe|café)\b/i,
    subject: 'a freshly poured cup of coffee with roasted beans',
    setting: 'on a sunlit cafe counter',
    productStage: 'a clear stretch of wooden counter',
    people: false,
  },
  {
    category: 'bakery',
    match: /\b(bak(e|ery|ed|er)|bread|pastr(y|ies)|croissants?|cakes?|sourdough|patisserie)\b/i,
    subject: 'freshly baked bread and pastries',
    setting: 'in a warm artisan bakery',
    productStage: 'a clear stretch of flour-dusted table',
    people: false,
  },
  {
    category: 'skincare',
    match: /\b(skin ?care|serum|moisturi[sz]er|cream|cosmetics?|beauty|complexion|spf|cleanser)\b/i,
    subject: 'a fresh skincare still life with water droplets and soft botanicals',
    setting: 'in a bright minimal bathroom',
    productStage: 'an empty stone plinth',
    people: false,
  },
  {
    category: 'dental',
    match: /\b(dent(al|ist|istry)|teeth|tooth|smile|orthodont\w*|invisalign|braces|clinic)\b/i,
    subject: 'a calm modern dental clinic with a comfortable treatment chair',
    setting: 'in soft natural daylight',
    productStage: 'a clear white counter',
    people: false,
  },
  {
    category: 'fitness',
    match: /\b(fitness|workouts?|gym|training|exercise|yoga|pilates|run(ning|ners?)|athletes?|strength)\b/i,
    subject: 'a person training in a bright modern gym',
    setting: 'with morning light through tall windows',
    productStage: 'a clear wooden bench',
    people: true,
  },
  {
    category: 'cycling',
    match: /\b(e-?bikes?|bicycles?|bikes?|cycling|cyclists?|commut(e|ers?|ing))\b/i,
    subject: 'a folding electric bike',
    setting: 'on a quiet city street at dawn',
    productStage: 'a clear stretch of pavement',
    people: false,
  },
  {
    category: 'software',
    match: /\b(apps?|software|saas|platform|dashboard|payroll|invoic\w*|crm|automation|cloud|api)\b/i,
    subject: 'a tidy modern workspace with a laptop and a coffee mug',
    setting: 'in a calm, light-filled office',
    productStage: 'a clear desk surface',
    people: false,
  },
  {
    category: 'finance',
    match: /\b(bank(ing)?|loans?|mortgages?|savings?|invest(ing|ment)?|insurance|accounting|tax)\b/i,
    subject: 'a calm home desk with a notebook and a cup of tea',
    setting: 'in soft morning light',
    productStage: 'a clear desk surface',
    people: false,
  },
  {
    category: 'hospitality',
    match: /\b(hotels?|rooms?|stays?|resorts?|travel|holidays?|vacations?|suites?|restaurants?|dining)\b/i,
    subject: 'an inviting boutique hotel room with a made bed and a window view',
    setting: 'in warm evening light',
    productStage: 'a clear side table',
    people: false,
  },
  {
    category: 'fashion',
    match: /\b(fashion|apparel|cloth(es|ing)|jackets?|dress(es)?|shoes|sneakers|wear|wardrobe)\b/i,
    subject: 'a folded garment on a clean rail',
    setting: 'in a bright minimal boutique',
    productStage: 'a clear display plinth',
    people: false,
  },
  {
    category: 'pets',
    match: /\b(pets?|dogs?|cats?|puppy|puppies|kittens?|vet(erinary)?)\b/i,
    subject: 'a happy dog resting on a soft rug',
    setting: 'in a cosy sunlit living room',
    productStage: 'a clear wooden floor',
    people: false,
  },
  {
    category: 'home',
    match: /\b(furniture|sofa|kitchen|interior|decor|home|garden|plants?|candles?)\b/i,
    subject: 'a serene living room with natural textures and a green plant',
    setting: 'in soft afternoon light',
    productStage: 'a clear sideboard surface',
    people: false,
  },
  {
    category: 'food',
    match: /\b(food|meals?|recipes?|snacks?|drinks?|juice|tea|chocolate|organic|grocer(y|ies))\b/i,
    subject: 'a fresh, colourful spread of ingredients',
    setting: 'on a rustic kitchen table',
    productStage: 'a clear stretch of table',
    people: false,
  },
];

const PEOPLE =
  /\b(people|person|portrait|customers?|faces?|hands?|candid|team|family|patients?|woman|man|crowd)\b/i;

/**
 * The category whose words the brief uses most (ties go to the earlier, more specific entry);
 * without one, a neutral studio still life, so the prompt still names what it shows.
 */
export function detectSubject(
  texts: readonly string[],
  options: { hasProduct: boolean; artDirection: string },
): Subject {
  const text = texts.join(' \n ');
  let best: Category | undefined;
  let bestCount = 0;
  for (const category of CATEGORIES) {
    const count = text.match(new RegExp(category.match.source, 'gi'))?.length ?? 0;
    if (count > bestCount) {
      best = category;
      bestCount = count;
    }
  }
  const chosen: Subject = best
    ? { ...best }
    : {
        category: 'product',
        subject: options.hasProduct
          ? 'a refined product still life with soft shadows'
          : 'an elegant abstract still life of simple sculptural shapes',
        setting: 'in a bright studio',
        productStage: 'an empty plinth',
        people: false,
      };
  const { match: _m, ...subject } = chosen as Category;
  // People are in the picture when the art direction puts them there, not when the copy mentions them.
  return { ...subject, people: subject.people || PEOPLE.test(options.artDirection) };
}
