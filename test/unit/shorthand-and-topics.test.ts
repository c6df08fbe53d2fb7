import { describe, expect, it } from 'vitest';
import { answerCheck, sharesTopic } from '#core/text/plan/topics.ts';
import { DANGLING } from '#core/text/policy/policy-data.ts';
import { de } from '#core/text/realise/catalogues/de.ts';
import { en } from '#core/text/realise/catalogues/en.ts';
import { es } from '#core/text/realise/catalogues/es.ts';
import { fr } from '#core/text/realise/catalogues/fr.ts';
import { expandShorthand } from '#core/text/realise/shorthand.ts';

const catalogues = { en, es, de, fr };

describe('shorthand written out for a reader', () => {
  for (const [language, cat] of Object.entries(catalogues)) {
    it.each(cat.shorthand.map((s) => [s.pattern, ...s.example] as const))(
      `${language}: %s turns %j into %j`,
      (_pattern, from, to) => expect(expandShorthand(from, cat)).toBe(to),
    );
  }

  it('leaves words that only contain the shorthand alone, and keeps a capital', () => {
    expect(expandShorthand('Hrs of fun, the govts and thrush', en)).toBe(
      'Hours of fun, the govts and thrush',
    );
    expect(expandShorthand('Todo incluido', es)).toBe('Todo incluido');
  });
});

describe('a reported worry is the worry itself', () => {
  const strip = (text: string, cat: typeof en) =>
    text.replace(new RegExp(`^${cat.voice.reportingFrame}`, 'iu'), '');
  it.each([
    [en, 'The biggest complaint we hear is about vans turning up late', 'vans turning up late'],
    [
      en,
      'Main objection we see in reviews is people worrying the paint will flake',
      'worrying the paint will flake',
    ],
    [en, 'Our research says the waiting list is the problem', 'the waiting list is the problem'],
    [en, 'Vans turn up on time', 'Vans turn up on time'],
    [es, 'La mayor queja que oímos es que nadie contesta', 'nadie contesta'],
    [de, 'Die größte Sorge ist, dass es teuer wird', 'es teuer wird'],
    [fr, 'La principale crainte est de payer trop cher', 'payer trop cher'],
  ] as const)('%#: %j', (cat, text, want) => expect(strip(text, cat)).toBe(want));
});

describe('a need is paired with the fact that answers it', () => {
  const stop = [...(DANGLING.en ?? []), ...en.topicStopwords];
  const f = (id: string, role: string, fragment: string) => ({ id, role, fragment });
  const pain = f('f1', 'pain', 'fitters who vanish when a tap leaks');
  const answer = f('f2', 'differentiator', 'our fitters are our own staff');
  const unrelated = f('f3', 'proof', 'rated 4.6/5 from 210 reviews');
  const offer = f('f4', 'offer', 'first visit free');

  it('shares a topic by the first letters of a word outside the stopwords', () => {
    expect(sharesTopic(pain.fragment, answer.fragment, stop)).toBe(true);
    expect(sharesTopic(pain.fragment, unrelated.fragment, stop)).toBe(false);
  });

  it('takes the topical answer or an offer, not an unrelated fact, when an answer exists', () => {
    const ok = answerCheck([pain, answer, unrelated, offer], stop);
    expect(ok(pain, answer)).toBe(true);
    expect(ok(pain, offer)).toBe(true);
    expect(ok(pain, unrelated)).toBe(false);
    expect(ok(unrelated, offer)).toBe(true);
  });

  it('lets a need no fact shares a topic with take any answer', () => {
    const lonely = f('f5', 'pain', 'hate being on camera');
    const ok = answerCheck([lonely, unrelated], stop);
    expect(ok(lonely, unrelated)).toBe(true);
  });
});
