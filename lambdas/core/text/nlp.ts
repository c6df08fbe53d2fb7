/**
 * The English NLP library (compromise, see docs/decisions/0010-brief-understanding.md), loaded on
 * first use: only generate_angles and prepare_campaign need it, and the router's cold start must
 * not pay for parsing it. The promise is cached so concurrent first calls load it once.
 */
export type Nlp = typeof import('compromise').default;

let loading: Promise<Nlp> | undefined;

export function loadNlp(): Promise<Nlp> {
  loading ??= import('compromise').then((m) => m.default);
  return loading;
}

/** Whether the library has been loaded in this process (the cold-start test asserts it has not). */
export function nlpLoaded(): boolean {
  return loading !== undefined;
}

/**
 * A picture subject ("freelancers working at shared desks") parsed for its noun phrases, as the
 * picture chooser and the relevance check both read it: brackets as commas, and after a
 * preposition and its adjectives a noun, whatever the tagger read ("desks" as a verb): the
 * object of a preposition is a noun phrase. A subject is a noun phrase with participles ("a
 * baker pulling loaves"), never a clause, so a plural the tagger read as a present-tense verb in
 * its opening phrase, before a preposition or "and", is the plural noun it heads ("mountain
 * rescue volunteers in red jackets").
 */
export function parseSubject(nlp: Nlp, subject: string): ReturnType<Nlp> {
  const doc = nlp(subject.replace(/[()]/g, ','));
  doc.match('#Preposition #Determiner? (#Adjective|#Value){1,3} #Verb').lastTerms().unTag('Verb').tag('Noun');
  doc
    .match('^(#Determiner|#Value)? (#Adjective|#Noun){0,3} [#PresentTense] (#Preposition|#Conjunction)', 0)
    .not('#Gerund')
    .unTag('Verb')
    .tag('Plural');
  return doc;
}
