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
