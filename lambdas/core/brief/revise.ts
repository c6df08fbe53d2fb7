import { ValidationError } from '../errors.ts';
import { figureTexts } from './figures.ts';
import { patternLanguage } from './patterns/types.ts';
import type { BriefFact, BriefFields, FactRole } from './schema.ts';
import { placeInTaxonomy } from './taxonomy.ts';

/** A fact as a caller writes it: the role and the words; id, span and figures are worked out. */
export type CallerFact = { role: FactRole; text: string };

/** The corrections `update_brief` takes: fields to replace, facts to fix, add and drop. */
export type BriefCorrection = Partial<Omit<BriefFields, 'facts' | 'language'>> & {
  fix_facts?: ReadonlyArray<{ id: string; text?: string; role?: FactRole }>;
  add_facts?: readonly CallerFact[];
  drop_facts?: readonly string[];
};

/** A fact's span and figures, from where its words stand in the summary (null when they do not). */
export function locateFact(summary: string, id: string, fact: CallerFact): BriefFact {
  const text = fact.text.trim();
  const at = summary ? summary.indexOf(text) : -1;
  return {
    id,
    role: fact.role,
    text,
    span: at >= 0 ? [at, at + text.length] : null,
    numbers: figureTexts(text).slice(0, 20),
  };
}

function nextIds(facts: readonly BriefFact[]): () => string {
  let n = Math.max(0, ...facts.map((f) => Number(f.id.slice(1))));
  return () => `f${++n}`;
}

/**
 * The next version's fields: the correction applied to `fields`. An id that is not a fact of the
 * brief is a 400 naming the field; kept facts keep their ids.
 */
export function applyCorrection(
  fields: BriefFields,
  summary: string,
  correction: BriefCorrection,
): BriefFields {
  const { fix_facts = [], add_facts = [], drop_facts = [], ...replaced } = correction;
  const known = new Set(fields.facts.map((f) => f.id));
  const unknown = (path: string, ids: readonly string[]) => {
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0) {
      throw new ValidationError(`${path} names facts the brief does not have: ${missing.join(', ')}.`, [
        { path, message: `unknown fact id(s): ${missing.join(', ')}` },
      ]);
    }
  };
  unknown(
    'fix_facts',
    fix_facts.map((f) => f.id),
  );
  unknown('drop_facts', drop_facts);
  const dropped = new Set(drop_facts);
  const fixes = new Map(fix_facts.map((f) => [f.id, f]));
  const kept = fields.facts
    .filter((f) => !dropped.has(f.id))
    .map((f) => {
      const fix = fixes.get(f.id);
      if (!fix) return f;
      return locateFact(summary, f.id, { role: fix.role ?? f.role, text: fix.text ?? f.text });
    });
  const next = nextIds(fields.facts);
  const added = add_facts.map((fact) => locateFact(summary, next(), fact));
  const facts = [...kept, ...added];
  if (facts.length > 80) {
    throw new ValidationError('A brief holds at most 80 facts.', [
      { path: 'add_facts', message: 'too many facts' },
    ]);
  }
  const defined = Object.fromEntries(Object.entries(replaced).filter(([, v]) => v !== undefined));
  return { ...fields, ...defined, facts };
}

/**
 * A brief a caller sends instead of (or beside) a research summary: what it leaves out is filled
 * in as extraction would (category and subject from the taxonomy, the client's name).
 */
export function fieldsFromCaller(
  input: Partial<Omit<BriefFields, 'facts'>> & { facts: readonly CallerFact[] },
  context: { language: string; clientName: string; summary: string },
): BriefFields {
  const next = nextIds([]);
  const facts = input.facts.map((fact) => locateFact(context.summary, next(), fact));
  const product = input.product ?? '';
  const text = context.summary || facts.map((f) => f.text).join('\n');
  const place =
    input.category && input.subject
      ? { category: input.category, subject: input.subject }
      : placeInTaxonomy({
          language: patternLanguage(context.language),
          product,
          summary: text,
          businessName: input.business_name ?? context.clientName,
          nlp: undefined,
        });
  return {
    language: input.language ?? context.language,
    business_name: input.business_name ?? context.clientName,
    category: input.category ?? place.category,
    subject: input.subject ?? place.subject,
    product,
    audience: input.audience ?? '',
    location: input.location ?? '',
    tone: input.tone ?? '',
    mandatories: input.mandatories ?? [],
    avoid: input.avoid ?? [],
    facts,
  };
}
