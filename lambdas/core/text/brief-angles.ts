import type { BriefFact } from '../brief/schema.ts';
import { UnsupportedLanguageError, ValidationError } from '../errors.ts';
import { loadNlp } from './nlp.ts';
import { archetypeWhere, LEVEL_OF_ROLE } from './plan/archetypes.ts';
import type { Plan } from './plan/planner.ts';
import { planCandidates } from './plan/planner.ts';
import { showsAThing } from './plan/subject-kind.ts';
import {
  answerCheck,
  causeOfResult,
  NEEDS,
  noteAfterNeed,
  repliesIn,
  replyOfNeed,
  sharesTopic,
  withNeedsBeforeReplies,
} from './plan/topics.ts';
import { copyViolations, numbersIn, type PolicyContext } from './policy/copy-policy.ts';
import { DANGLING } from './policy/policy-data.ts';
import { capFirst, type FactForm, factForm } from './realise/forms.ts';
import { catalogueFor, message, OFFLINE_LANGUAGES } from './realise/messages.ts';
import { realiseHook, topicOf } from './realise/realise.ts';
import {
  ANGLES_PER_SET,
  AWARENESS_LEVELS,
  type AwarenessLevel,
  type BriefForPlanning,
  MIN_AWARENESS_LEVELS,
  type PlannedAngle,
} from './types.ts';

export type { PlannedAngle };

/** What planning reads: the brief's fields and the text its spans point into. */
/** A hook is one idea a reader takes in at a glance; a pair that runs longer is not planned. */
export const HOOK_MAX_CHARS = 150;

/** How many of a set's angles one fact may back while the spare angles offer others. */
const FACT_USES = 3;

type Chosen = { plan: Plan<FactForm>; hook: string; level: AwarenessLevel; facts: FactForm[] };

/** The sources every number and claim of an angle must trace to. */
export function briefSources(brief: BriefForPlanning, extra: readonly string[] = []): string[] {
  return [brief.research_summary, brief.business_name, ...brief.facts.map((f) => f.text), ...extra];
}

/**
 * Ten angles from a brief: candidates planned from the archetype catalogue, realised through the
 * language's catalogue, and kept when the copy policy passes them. Single facts lead first (each
 * fact leads at most one angle), then combinations, then the set is spread over four awareness
 * levels. Deterministic: the same brief always gives the same angles.
 */
export async function anglesFromBrief(
  brief: BriefForPlanning,
  options: { banned?: readonly string[]; tone?: string; extraSources?: readonly string[] } = {},
): Promise<PlannedAngle[]> {
  const cat = catalogueFor(brief.language);
  if (!cat) throw new UnsupportedLanguageError(brief.language, OFFLINE_LANGUAGES);
  const nlp = brief.language === 'en' ? await loadNlp() : undefined;
  const formOf = (f: BriefFact) => factForm(f, cat, brief.research_summary, nlp, brief.business_name);
  const read = brief.facts.map(formOf);
  // (Only a fact whose role a reply changed is read again.)
  const facts = withNeedsBeforeReplies(brief.facts, repliesIn(read));
  const forms = facts.map((f, i) => (f === brief.facts[i] ? (read[i] ?? formOf(f)) : formOf(f)));
  // A thin brief's notes often join several claims: their parts are planned too, each citing its fact.
  const parts = facts.flatMap((f) => factParts(f, cat.clauseSplit).map(formOf));
  // A need is backed first by the facts that answer it (ADR 0050). The trade's own words
  // ("kitchen" for a kitchen fitter) are in every note: sharing one answers nothing.
  const stop = [...(DANGLING[brief.language] ?? []), ...cat.topicStopwords, ...tradeWords(brief)];
  const answers = answerCheck([...forms, ...parts], stop);
  const topical = (need: FactForm, other: FactForm) => sharesTopic(need.fragment, other.fragment, stop);
  const policy: PolicyContext = {
    language: brief.language,
    banned: options.banned ?? [],
    avoid: brief.avoid,
    sources: briefSources(brief, options.extraSources),
    limit: HOOK_MAX_CHARS,
  };
  const chosen: Chosen[] = [];
  const spare: Chosen[] = [];
  const led = new Set<string>();
  const factSets = new Set<string>();
  const hooks = new Set<string>();
  const candidates = candidatesFor({ ...brief, facts }, forms, parts, answers, topical);
  // A weak lead (a plain feature, a fragment) says little alone: it backs a stronger fact in a
  // combination first, any two claims are paired before it leads alone, and a single fact is
  // reframed last.
  // A thin brief may still need a pair of facts already paired the other way round, last of all.
  const rank = (p: Plan<FactForm>) =>
    p.reframed ? (p.combined ? 1 : 3) : !p.combined && isPlainFeature(p.lead) ? 2 : 0;
  const ordered = [0, 1, 2, 3].flatMap((r) => candidates.filter((p) => rank(p) === r));
  const pass = (plans: readonly Plan<FactForm>[], repeatSetOk: boolean) =>
    plans.map((plan) => ({ plan, repeatSetOk }));
  for (const { plan, repeatSetOk } of [
    ...pass(ordered, false),
    ...pass(
      ordered.filter((p) => rank(p) === 1),
      true,
    ),
  ]) {
    // A reframed fact may be named by what is sold or where, instead of the business.
    const namedBy = plan.namedBy ? brief[plan.namedBy].trim() : '';
    if (plan.namedBy && (!namedBy || [...namedBy].length > 50)) continue;
    const context = namedBy ? { ...brief, business_name: capFirst(namedBy) } : brief;
    const realised = realiseHook(plan.archetype, plan.lead, plan.support, cat, context);
    if (!realised) continue;
    const { hook, facts } = realised;
    if (hooks.has(hook.toLowerCase()) || copyViolations(hook, policy).length > 0) continue;
    const set = facts
      .map((f) => f.part ?? f.id)
      .sort()
      .join('+');
    if (
      (factSets.has(set) && !(plan.reframed && (!plan.combined || repeatSetOk))) ||
      (!plan.combined && led.has(plan.lead.part ?? plan.lead.id))
    )
      continue;
    const entry = { plan, hook, level: plan.level, facts };
    if (chosen.length >= ANGLES_PER_SET) {
      spare.push(entry);
      if (spare.length > 40) break;
      continue;
    }
    chosen.push(entry);
    // A fact that led a combination may still lead alone (a plain feature comes alone last).
    if (!plan.combined) led.add(plan.lead.part ?? plan.lead.id);
    factSets.add(set);
    hooks.add(hook.toLowerCase());
  }
  if (chosen.length < ANGLES_PER_SET)
    throw new ValidationError(
      `The brief states too few usable facts for ten distinct angles (${chosen.length} found); add facts with update_brief.`,
      [{ path: 'research_summary', message: 'too few facts for ten angles' }],
    );
  oneReasonOnce(chosen, spare);
  spreadLevels(chosen, spare);
  const dangling = DANGLING[brief.language] ?? [];
  const names = new Set<string>();
  return chosen.map(({ plan, hook, level, facts }) => {
    const topic = topicOf(plan.lead, dangling);
    const support = facts[1];
    let name =
      plan.combined && support
        ? message(cat, 'name.pair', { first: topic, second: topicOf(support, dangling) })
        : message(cat, `name.${plan.archetype.id}`, { topic });
    if ([...name].length > 80) name = message(cat, `name.${plan.archetype.id}`, { topic });
    for (let n = 2; names.has(name.toLowerCase()); n++) name = `${name.replace(/ \(\d+\)$/, '')} (${n})`;
    names.add(name.toLowerCase());
    const direction = [
      message(cat, 'direction.lead', { fact: plan.lead.fragment }),
      support ? message(cat, 'direction.support', { count: facts.length - 1 }) : '',
      options.tone?.trim()
        ? message(cat, 'direction.tone', { tone: options.tone.trim().replace(/[.]+$/, '') })
        : '',
    ].filter(Boolean);
    while (direction.join(' ').length > 400 && direction.length > 1) direction.pop();
    return {
      name,
      hook,
      awareness_level: level,
      visual_style: visualStyle(
        brief.subject,
        (showsAThing(brief.subject) && plan.archetype.thingTreatment) || plan.archetype.treatment,
      ),
      copy_direction: direction.join(' '),
      fact_ids: [...new Set(facts.map((f) => f.id))],
    };
  });
}

function visualStyle(subject: string, treatment: string): string {
  const full = `${subject}; ${treatment}`;
  return full.length <= 200 ? full : subject.slice(0, 200);
}

const ids = (c: Chosen) => [...new Set(c.facts.map((f) => f.id))];
const setOf = (c: Chosen) => ids(c).sort().join('+');

/** How many of the chosen angles have each key (a fact they cite, their level). */
function tally<K>(chosen: readonly Chosen[], keys: (c: Chosen) => readonly K[]): Map<K, number> {
  const m = new Map<K, number>();
  for (const c of chosen) for (const k of keys(c)) m.set(k, (m.get(k) ?? 0) + 1);
  return m;
}

/**
 * A set of ten is ten reasons, not one credential pasted onto every other claim: while a fact
 * backs more than its share (FACT_USES, or the even share of a thin brief's few facts), the last
 * pair using it gives way to the next spare angle that keeps every fact within it (with no such
 * spare, the set stays as planned).
 */
function oneReasonOnce(chosen: Chosen[], spare: Chosen[]): void {
  // (Ten angles over few facts use each more often: the cap is at least the even share.)
  const start = tally(chosen, ids);
  const slots = [...start.values()].reduce((a, b) => a + b, 0);
  const cap = Math.max(FACT_USES, Math.ceil(slots / Math.max(1, start.size)));
  for (let guard = 0; guard < ANGLES_PER_SET; guard++) {
    const count = tally(chosen, ids);
    const over = [...count].find(([, n]) => n > cap)?.[0];
    if (!over) return;
    // (A worry with its answer stays: the set's surest hook.)
    const at = chosen.findLastIndex(
      (c) => c.plan.combined && !NEEDS.has(c.plan.lead.role) && ids(c).includes(over),
    );
    const out = chosen[at];
    if (!out) return;
    for (const id of ids(out)) count.set(id, (count.get(id) ?? 0) - 1);
    const hooks = new Set(chosen.map((c) => c.hook.toLowerCase()));
    // (Each angle still cites its own set of facts.)
    const sets = new Set(chosen.filter((c) => c !== out).map(setOf));
    const next = spare.findIndex(
      (s) =>
        !hooks.has(s.hook.toLowerCase()) &&
        !sets.has(setOf(s)) &&
        // (Not a plain feature alone, which the plan puts last: it says less than the pair; nor a
        // worry the spare answers with a claim that may not answer it.)
        (s.plan.combined || !isPlainFeature(s.plan.lead)) &&
        !NEEDS.has(s.plan.lead.role) &&
        ids(s).every((id) => (count.get(id) ?? 0) < cap),
    );
    const swap = spare[next];
    if (!swap) return;
    chosen[at] = swap;
    spare.splice(next, 1, out);
  }
}

/**
 * At least four awareness levels: a spare candidate of a missing level replaces an angle whose
 * level is represented twice or more; without one, the last such angle speaks to the missing level.
 */
function spreadLevels(chosen: Chosen[], spare: readonly Chosen[]): void {
  for (const level of AWARENESS_LEVELS) {
    const counts = tally(chosen, (c) => [c.level]);
    if (counts.size >= MIN_AWARENESS_LEVELS) return;
    if (counts.has(level)) continue;
    const donorIndex = chosen.findLastIndex((c) => (counts.get(c.level) ?? 0) > 1);
    if (donorIndex < 0) return;
    const used = new Set(chosen.map((c) => c.hook.toLowerCase()));
    const donor = chosen[donorIndex];
    const sets = new Set(chosen.filter((c) => c !== donor).map(setOf));
    // One citing a set of facts no other angle cites, if there is one (a thin brief's may repeat).
    const fits = spare.filter((s) => s.level === level && !used.has(s.hook.toLowerCase()));
    const swap = fits.find((s) => !sets.has(setOf(s))) ?? fits[0];
    if (swap) chosen[donorIndex] = swap;
    else if (donor) donor.level = level;
  }
}

/** The claims a note joins, each at least three words, as facts of the same id (a part of f2 cites f2). */
function factParts(fact: BriefFact, split: string): (BriefFact & { part: string })[] {
  const pieces = fact.text.split(new RegExp(split, 'u')).map((p) => p.trim());
  if (pieces.length < 2) return [];
  let from = 0;
  return pieces.flatMap((text, k) => {
    const at = fact.text.indexOf(text, from);
    from = at + text.length;
    if (text.split(/\s+/).length < 3 || at < 0) return [];
    const span: [number, number] | null = fact.span
      ? [fact.span[0] + at, fact.span[0] + at + text.length]
      : null;
    return [
      { ...fact, text, span, numbers: fact.numbers.filter((n) => text.includes(n)), part: `${fact.id}.${k}` },
    ];
  });
}

/**
 * Every plan, best first: the archetypes over whole facts, then over the parts of a note, any two
 * claims, each fact alone. A need the brief answers in its next note (a reply that points back)
 * is said with that answer, or not at all.
 */
function candidatesFor(
  brief: BriefForPlanning,
  forms: readonly FactForm[],
  parts: readonly FactForm[],
  answers: (lead: FactForm, support: FactForm) => boolean,
  topical: (need: FactForm, other: FactForm) => boolean,
): Plan<FactForm>[] {
  const all = [...forms, ...parts];
  const replyOf = replyOfNeed(brief.facts, repliesIn(all));
  // Its reply backs a need first: the archetype's own plan is the question and its answer.
  const after = noteAfterNeed(brief.facts, brief.research_summary);
  // Then the note after it on its line, a fact on its topic, the note after it on the next
  // line, an offer or any fact.
  const answered = (lead: FactForm, support: FactForm) => {
    if (replyOf.has(lead.id)) return replyOf.get(lead.id) === support.id;
    const next = after.get(lead.id);
    if (next?.id === support.id && next.sameLine) return 4;
    if (NEEDS.has(lead.role) && topical(lead, support)) return 3;
    return next?.id === support.id ? 2 : Number(answers(lead, support));
  };
  const keepsItsReply = (p: Plan<FactForm>) =>
    [
      [p.lead, p.support],
      [p.support, p.lead],
    ].every(([need, other]) => !need || !replyOf.has(need.id) || other?.id === replyOf.get(need.id));
  // A result follows its cause first ("… by day 2. You're never without water."); alone or
  // leading another claim, it comes last, as a thin brief's reframed fact does.
  const causeOf = causeOfResult(brief.facts, brief.research_summary);
  const withCause = forms.flatMap((result) => {
    const cause = forms.find((f) => f.id === causeOf.get(result.id));
    const pair = { ...archetypeWhere((a) => a.id === 'benefit'), frame: 'pair' as const };
    return cause
      ? [{ archetype: pair, level: LEVEL_OF_ROLE[cause.role], lead: cause, support: result, combined: true }]
      : [];
  });
  const alone = (p: Plan<FactForm>) =>
    causeOf.has(p.lead.id) && p.support?.id !== causeOf.get(p.lead.id) ? { ...p, reframed: true } : p;
  // (After the single-fact plans, before the other combinations.)
  const planned = planCandidates(forms, answered);
  const combos = planned.findIndex((p) => p.combined);
  planned.splice(combos < 0 ? planned.length : combos, 0, ...withCause);
  return [...planned, ...planCandidates(parts, answered), ...anyPairs(all), ...framedAlone(all)]
    .filter(keepsItsReply)
    .map(alone);
}

/** The words of the business's trade, which every note of its brief may share. */
function tradeWords(brief: BriefForPlanning): string[] {
  const trade = (brief.category.split('>').at(-1) ?? '').toLowerCase();
  // (Each also without its plural's s: the trade is "kitchens", a note says "kitchen".)
  return (trade.match(/\p{L}[\p{L}'’-]{2,}/gu) ?? []).flatMap((w) => [w, w.replace(/s$/u, ''), `${w}s`]);
}

/** Last resort for a thin brief: each fact once more on its own, named by the business or the audience. */
function framedAlone(forms: readonly FactForm[]): Plan<FactForm>[] {
  return forms.flatMap((lead) =>
    (['statement', 'business', 'callout', 'product', 'location'] as const).map((how): Plan<FactForm> => {
      const frame = how === 'product' || how === 'location' ? ('business' as const) : how;
      return {
        ...(how === 'product' || how === 'location' ? { namedBy: how } : {}),
        archetype: {
          ...archetypeWhere((a) => a.frame === frame),
          frame,
          support: [] as const,
        },
        level: frame === 'callout' ? ('unaware' as const) : LEVEL_OF_ROLE[lead.role],
        lead,
        combined: true,
        reframed: true,
      };
    }),
  );
}

/** Any two claims of different facts, when the role pairings are not enough for ten. */
function anyPairs(forms: readonly FactForm[]): Plan<FactForm>[] {
  const pair = { ...archetypeWhere((a) => a.id === 'benefit'), frame: 'pair' as const };
  return forms.flatMap((lead) =>
    forms
      .filter((support) => support.id !== lead.id)
      .map((support) => ({
        archetype: { ...pair, id: pair.id },
        level: LEVEL_OF_ROLE[lead.role],
        lead,
        support,
        combined: true,
        reframed: true,
      })),
  );
}

/**
 * A weak lead: a fact of one or two words ("Online only"), which says nothing alone, or a feature
 * no cue or label gave a role whose only figures, if any, are years (a date is when, not how much).
 */
function isPlainFeature(f: FactForm): boolean {
  if (f.fragment.trim().split(/\s+/).length <= 2) return true;
  return f.role === 'feature' && numbersIn(f.fragment).every((n) => YEAR.test(n));
}

const YEAR = /^(?:1[89]|20)\d\d$/;
