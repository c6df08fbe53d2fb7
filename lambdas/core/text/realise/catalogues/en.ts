import type { Catalogue } from '../catalogue.ts';

/** English. Frames carry no number and no claim of their own: those come from the brief's facts. */
export const en: Catalogue = {
  locale: 'en',
  messages: {
    'hook.question': '{lead}? {support}',
    'hook.statement': '{lead}.',
    'hook.pair': '{lead}. {support}',
    'hook.business': '{business}: {lead}.',
    'hook.youGet': 'With {business}, you get {lead}.',
    'hook.subject': '{business} {lead}.',
    'hook.callout': 'For {audience}: {lead}.',
    'hook.offer': '{lead}. {support}',
    'name.pain': 'Pain · {topic}',
    'name.proof': 'Proof · {topic}',
    'name.differentiator': 'Difference · {topic}',
    'name.objection': 'Objection · {topic}',
    'name.offer': 'Offer · {topic}',
    'name.audience': 'Call-out · {topic}',
    'name.how': 'How it works · {topic}',
    'name.comparison': 'Comparison · {topic}',
    'name.guarantee': 'Risk reversal · {topic}',
    'name.price': 'Price · {topic}',
    'name.benefit': 'Benefit · {topic}',
    'name.pair': '{first} + {second}',
    'direction.lead': 'Lead with the brief\'s own words: "{fact}".',
    'direction.support':
      '{count, plural, one {Back it with # more fact from the brief.} other {Back it with # more facts from the brief.}}',
    'direction.tone': 'Voice: {tone}.',
    'visual.style': '{subject}; {treatment}',
    'warning.noFit':
      'No {field} candidate fits {platform} ({limit} characters) within the copy policy; the business name stands in.',
    'warning.ctaReplaced':
      'The CTA "{given}" does not fit the {limit}-character button on {platform} or breaks the copy policy; "{cta}" (the same intent) is used instead.',
  },
  cta: {
    book: 'Book now',
    quote: 'Get a quote',
    shop: 'Shop now',
    join: 'Join now',
    apply: 'Apply now',
    contact: 'Contact us',
    learn: 'Learn more',
    donate: 'Donate now',
  },
  question: { open: '', close: '?' },
  stop: '.',
  voice: {
    pronouns: [
      ["they're", "you're"],
      ["they've", "you've"],
      ['themselves', 'yourself'],
      ['their', 'your'],
      ['theirs', 'yours'],
      ['them', 'you'],
      ['they', 'you'],
    ],
    genericSubjects:
      '(?:people|customers|clients|buyers|users|candidates|members|parents|owners|homeowners|shoppers|patients|students|families)',
    reader: 'you',
    relativeStrip: '(?:people |those |customers |clients )?(?:who|that) ',
    leadingConnective: '(?:plus|and|also|or|so)',
    relativeUnusable: '(?:which|whose|where|whom) ',
  },
  clauseSplit: '(?:,\\s+and\\s+|;\\s*|:\\s+|,\\s+so\\s+|\\.\\s+(?=\\p{Lu})|\\s+because\\s+)',
  nounsCapitalised: false,
};
