import { loadNlp, type Nlp } from '../text/nlp.ts';
import { readAudience } from './audience.ts';
import { addFacts } from './claims.ts';
import {
  clausesOf,
  findLocation,
  forbidden,
  headerParts,
  mustCarry,
  type Piece,
  piece,
  placeInBrief,
  sentenceKind,
  uniqueSpans,
} from './fields.ts';
import { factsOf } from './figures.ts';
import {
  bracketPlace,
  isDistrict,
  isMostlyPlace,
  isStateCode,
  leadingPlace,
  nameLength,
  placeAfterName,
  startsWithFigure,
} from './header.ts';
import { oneWorryPerLine } from './lines.ts';
import { claimBesideBracket } from './notes.ts';
import { AVOID_CUE, SIGN_OFF } from './patterns/cues.ts';
import { MONTH_NAME } from './patterns/figures.ts';
import { DISCOURSE_OPENER, LOCATION_CUE, LOCATION_LINE, RATING, RESULT_OPENER } from './patterns/layout.ts';
import { BUSINESS_MODEL } from './patterns/product.ts';
import { FEARFUL_LABEL } from './patterns/replies.ts';
import { type Language, patternLanguage } from './patterns/types.ts';
import { claimAfterProduct, ownNewProduct, productOf } from './product.ts';
import { cueRole, isWorry, roleOf } from './roles.ts';
import type { BriefFields, FactRole } from './schema.ts';
import { businessText, type Segment, segment } from './segment.ts';
import { subjectOf } from './subject.ts';
import { placeInTaxonomy } from './taxonomy.ts';

export type ExtractInput = { researchSummary: string; language: string; clientName: string };

type State = {
  summary: string;
  language: Language;
  nlp: Nlp | undefined;
  clientName: string;
  product?: Piece;
  /** How the business trades, when its header says so ("B2B SaaS"): read with the product by the taxonomy. */
  businessModel?: string;
  /** Set when a "Product:" label named it: a label beats what the opening suggested. */
  productLabelled?: boolean;
  audience?: Piece;
  location?: Piece;
  tone: string[];
  mandatories: string[];
  avoid: string[];
  facts: Array<{ role: FactRole; piece: Piece }>;
};

/** Reads a research summary into the Brief's fields (English loads the NLP library on first use). */
export async function extractBrief(input: ExtractInput): Promise<BriefFields> {
  const nlp = input.language === 'en' ? await loadNlp() : undefined;
  return extractBriefWith(input, nlp);
}

/** {@link extractBrief} with the NLP library given (undefined outside English). */
export function extractBriefWith(input: ExtractInput, nlp: Nlp | undefined): BriefFields {
  const language = patternLanguage(input.language);
  const summary = input.researchSummary;
  const state: State = {
    summary,
    language,
    nlp,
    clientName: input.clientName,
    tone: [],
    mandatories: [],
    avoid: [],
    facts: [],
  };
  const segments = segment(summary, language);
  segmentAll(state, segments);
  const factList = factsOf(summary, uniqueSpans(state.facts));
  state.product ??= ownNewProduct(summary);
  // A month is a date: never what is sold, nor a place after a comma ("Pembrokeshire, April").
  const product = MONTH_NAME.re.test(state.product?.text ?? '') ? '' : (state.product?.text ?? '');
  const location = (state.location?.text ?? '').split(/,\s*/u);
  const dated = location.findIndex((part) => MONTH_NAME.re.test(part));
  const place = placeInTaxonomy({
    language,
    product: [product, state.businessModel ?? ''].join(' ').trim(),
    summary: businessText(summary, segments),
    businessName: input.clientName,
    nlp,
  });
  return {
    language: input.language,
    business_name: input.clientName.trim().slice(0, 120) || product.slice(0, 120) || 'business',
    category: place.category,
    subject: subjectOf(place.subject, product, input, nlp, place.cues),
    product: product.slice(0, 200),
    audience: (state.audience?.text ?? '').slice(0, 300),
    location: inTitleCase(
      dated >= 0 ? location.slice(0, dated).join(', ') : (state.location?.text ?? ''),
    ).slice(0, 200),
    tone: state.tone.join('; ').slice(0, 300),
    mandatories: state.mandatories.slice(0, 20).map((m) => m.slice(0, 300)),
    avoid: [...new Set(state.avoid)].slice(0, 40).map((a) => a.slice(0, 120)),
    facts: factList.slice(0, 80),
  };
}

/**
 * A place a header wrote in capitals ("ACME LOFTS — OXFORD") in the case an ad prints it
 * ("Oxford"); a short word in capitals is an abbreviation and stays ("UK", "OR").
 */
const inTitleCase = (place: string) =>
  /\p{Ll}/u.test(place)
    ? place
    : place.replace(/\p{Lu}{4,}/gu, (w) => w.charAt(0) + w.slice(1).toLowerCase());

function segmentAll(state: State, all: readonly Segment[]): void {
  // The signature after a letter's sign-off ("Cordialement,\nJulie") is no claim.
  const signOff = all.findIndex((seg) => SIGN_OFF.re.test(seg.text) && seg.sentence === 0);
  const segments = signOff > 0 ? all.slice(0, signOff + 1) : all;
  // The opening is the first sentence that is not a remark to the reader ("OK, some background
  // first."): a brief that starts with such a remark states the business in the next one.
  const first = segments.findIndex(
    (seg) => sentenceKind(state.summary.slice(seg.start, seg.end)).kind !== 'meta',
  );
  const head = segments[first];
  // The opening's items ("Acme | Alicante | inglés y alemán") are read as one header, each in the
  // light of the one before it (a town after the name is its place).
  const openingItems = head
    ? segments.filter((seg) => !seg.label && seg.line === head.line && seg.sentence === head.sentence)
    : [];
  const lastItem = openingItems.at(-1);
  const oneWorryTaken = oneWorryPerLine();
  segments.forEach((seg) => {
    const p = piece(state.summary, seg.start, seg.end);
    const label = seg.label;
    // Every item of the opening sentence ("Acme | B2B SaaS | expense management") is the header.
    const opening = openingItems.includes(seg);
    // A remark that names the client ("Hi both — brief for Acme's push below") is no header.
    if (!p.text) return;
    if (!label && !opening && sentenceKind(p.text).kind === 'meta') {
      // "Os paso lo de Acme (Madrid, Malasaña)": the remark may still say where the business is.
      state.location ??= bracketPlace(state.summary, p, state.clientName);
      return;
    } else if (label && 'field' in label && label.field === 'audience' && mentionsName(state, p))
      // "WHO: Acme Windows, Reading": a field that opens with the client's name says who they are.
      onHeader(state, p, false);
    else if (label && 'field' in label) onField(state, label.field, p);
    // "FACTS: Acme Lofts, Birmingham. 600+ lofts …": a section of claims that opens with the
    // business's name and place says who and where, as an opening does.
    else if (label && 'role' in label && mentionsName(state, p)) onHeader(state, p, false);
    else if (label && 'role' in label && !oneWorryTaken(label, seg))
      addFacts(state, p, label.role, label.list === true);
    else if (label && 'role' in label) onSentence(state, p);
    else if (opening && openingItems.length > 1 && lastItem) {
      if (seg === openingItems[0]) onHeader(state, piece(state.summary, seg.start, lastItem.end), true);
    } else if (opening || mentionsName(state, p)) onHeader(state, p, opening);
    else onSentence(state, p);
  });
  state.location ??= placeInBrief(state.summary, segments, state.nlp);
}

function onField(state: State, field: string, p: Piece): void {
  switch (field) {
    case 'business':
      onHeader(state, p, true);
      return;
    case 'product': {
      // "Beginners' course: 6 weeks for £60": a product line that opens with a figure is a claim.
      if (startsWithFigure(p.text)) {
        addFacts(state, p, undefined, false);
        return;
      }
      if (state.productLabelled) return;
      state.product = productOf(state, p);
      state.productLabelled = true;
      const claim = claimAfterProduct(state.summary, p, state.product);
      if (claim) addFacts(state, claim, undefined, false);
      return;
    }
    case 'audience':
      onAudience(state, p);
      return;
    case 'location':
      state.location ??= p;
      return;
    case 'tone':
      state.tone.push(p.text);
      state.avoid.push(...forbidden(p.text));
      return;
    case 'mandatories':
      // "Mandatories: … ; no 'cheapest' claims": a don't under the section is policy, not a line to print.
      if (AVOID_CUE.re.exec(p.text)?.index === 0) state.avoid.push(...forbidden(p.text));
      else state.mandatories.push(p.text);
      return;
    case 'avoid': {
      // "Compliance: whitening only by a registered dentist (must say so)": a line to carry.
      const must = mustCarry(p.text);
      if (must !== undefined) {
        state.mandatories.push(must);
        return;
      }
      const forbids = forbidden(p.text);
      state.avoid.push(...(forbids.length ? forbids : [p.text]));
      return;
    }
    case 'claims':
      addFacts(state, p, undefined, false);
      return;
    case 'skip':
      // A note may still forbid something ("NB: ne pas dire « … »"), and a French "Note :" is
      // the rating ("Note : 4,9/5 sur Planity").
      if (mustCarry(p.text) !== undefined) state.mandatories.push(p.text);
      else if (sentenceKind(p.text).kind === 'avoid') state.avoid.push(...forbidden(p.text));
      else if (RATING.re.test(p.text) || (/\d/u.test(p.text) && cueRole(p.text) === 'proof'))
        addFacts(state, p, 'proof', false);
      return;
  }
}

function mentionsName(state: State, p: Piece): boolean {
  return nameLength(state.clientName, p.text) > 0;
}

/** The opening line or sentence: the name, what is sold, where; anything else in it is a fact. */
function onHeader(state: State, p: Piece, opening: boolean): void {
  const parts = headerParts(state.summary, p);
  let merged = -1;
  parts.forEach((whole, i) => {
    if (i === merged) return;
    // "so Acme is my client's yarn shop": a spoken opening before the name is no part of it.
    // A one-word header item that is only the opener ("Right, Acme Bikes.") says nothing.
    if (!/\s/u.test(whole.text) && DISCOURSE_OPENER.re.test(`${whole.text} `)) return;
    // "…, April to October": a season is when, not who, where or what.
    if (MONTH_NAME.re.test(whole.text)) return;
    // "B2B SaaS", "Brief campagne": how it trades (which still tells the trade), or a remark on
    // the brief, is no product.
    const model = BUSINESS_MODEL.re.test(whole.text);
    if (model) state.businessModel ??= whole.text;
    // (…and the state code after a town: "Columbus, OH".)
    const stateCode = i > 0 && !!state.location && isStateCode(whole.text);
    if (model || sentenceKind(whole.text).kind === 'meta' || stateCode) return;
    // A spoken opener, or Markdown's bold around the name ("**Acme Optik** (Leipzig)").
    const opener =
      (DISCOURSE_OPENER.re.exec(whole.text) ?? /^(?:\*\*|__)/u.exec(whole.text))?.[0].length ?? 0;
    const part = opener ? piece(state.summary, whole.start + opener, whole.end) : whole;
    const name = nameLength(state.clientName, part.text);
    if (name > 0) {
      const rest = piece(state.summary, part.start + name, part.end);
      if (/[\p{L}\d]/u.test(rest.text)) {
        // German writes the place after the name as one capitalised word ("Acme Studio Köln-Ehrenfeld").
        const place =
          findLocation(state.summary, rest, state.nlp) ??
          (state.language === 'de' && /^\p{Lu}[\p{L}-]+$/u.test(rest.text) ? rest : undefined);
        state.location ??= place;
        // "Acme Plumbing (Dover + Deal)": a bracket after the name says where, not what.
        const after = state.summary.slice(part.start + name, part.end);
        const bracket = /^(?:\s|\*\*|__|\p{Extended_Pictographic}|\uFE0F)*\(([^)]*)\)/u.exec(after);
        const inner = bracket?.[1] ?? '';
        // A bracket in lower case beside a capitalised name says the trade ("Acme (dog daycare)").
        const trade = /^\p{Lu}/u.test(state.clientName) && !/\p{Lu}/u.test(inner);
        if (bracket && inner && (!/\d/.test(inner) || isDistrict(inner))) {
          const at = part.start + name + bracket[0].length - inner.length - 1;
          if (trade) state.product ??= piece(state.summary, at, at + inner.length);
          else state.location ??= piece(state.summary, at, at + inner.length);
        }
        // What follows the bracket is what is sold ("Acme (Brest) pose du carrelage").
        const sold = bracket ? piece(state.summary, part.start + name + bracket[0].length, part.end) : rest;
        // "Acme in Stuttgart berät …": what follows a place after the name is no product phrase.
        const placed = LOCATION_CUE.re.exec(rest.text)?.index === 0;
        const where = (place && (isMostlyPlace(rest, place) || placed)) || (bracket && !sold.text);
        // "Acme Fest (Annecy), 3e édition": an item listed after it that opens with a figure is no product.
        const listed =
          bracket && /^\s*,/u.test(after.slice(bracket[0].length)) && startsWithFigure(sold.text);
        // "Acme & Sons have served families here since 1921": a perfect tense is a claim, no product.
        if (/^(?:have|has|had)\s/iu.test(sold.text)) addFacts(state, part, undefined, false);
        else if (!where && sold.text && !listed) {
          const pluralName = /\p{L}[^s\W]s$/iu.test(state.clientName.trim().split(/\s+/).at(-1) ?? '');
          const product = productOf(state, sold, true, pluralName);
          // Without the tagger, one lower-case word after the name that ends its phrase is the
          // name's verb ("Acme lleva desde 1987 …"): a trade takes an article or more words.
          const verbOnly = !state.nlp && /^\p{Ll}+$/u.test(product.text);
          // "Acme cares for 1,200 people a year": a verb and a preposition say a claim, no product.
          if ((!product.text || verbOnly) && /\d/u.test(sold.text)) addFacts(state, part, undefined, false);
          else if (!verbOnly) state.product ??= product;
        }
      }
      return;
    }
    const place = [
      findLocation(state.summary, part, state.nlp),
      state.product || placeAfterName(state, parts, i)
        ? leadingPlace(state.summary, state.nlp, part, i)
        : undefined,
    ].find((found) => found && isMostlyPlace(part, found));
    if (place) {
      state.location ??= place;
      return;
    }
    const claim = cueRole(part.text);
    const isClaim = claim !== undefined && claim !== 'feature' && /\d/.test(part.text);
    if (!state.product && (opening || i > 0) && !startsWithFigure(part.text) && !isClaim) {
      // "fresh, gently cooked dog food": an adjective before a comma belongs to the next part.
      const next = parts[i + 1];
      const adjective = next && state.nlp && !state.nlp(part.text).has('#Noun');
      if (adjective) merged = i + 1;
      const product = productOf(state, adjective ? piece(state.summary, part.start, next.end) : part);
      // "à 300 m de la plage": a part that opens with a preposition names no product; with a
      // figure it is a claim.
      state.product = product;
      if (!product.text && /\d/u.test(part.text)) {
        addFacts(state, part, undefined, false);
        return;
      }
      // "… dog food delivered frozen every 2 weeks": how it comes is a claim of its own.
      const rest = piece(state.summary, state.product.end, (adjective ? next : part).end);
      if (state.nlp?.(rest.text).has('^#PastTense') && rest.text.split(/\s+/).length >= 3)
        addFacts(state, rest, undefined, false);
      return;
    }
    if (i === 0 && opening && !/\d/.test(part.text) && part.text.split(/\s+/).length <= 4) return;
    // A later header item without a figure or a cue says how or where the business sells, not a claim.
    if (i > 0 && !/\d/.test(part.text) && cueRole(part.text) === undefined) return;
    onSentence(state, part);
  });
}

/** An unlabelled sentence: audience, tone, a legal note, a remark about the campaign, or facts. */
function onSentence(state: State, p: Piece): void {
  if (sentenceKind(p.text).kind === 'meta') return;
  for (const clause of clausesOf(state.summary, p)) {
    const { kind, valueFrom } = sentenceKind(clause.text);
    // "… so they want to push emergency repairs: they can get someone out in 24 hours": a remark
    // that introduces a claim after its colon leaves the claim.
    const colon = kind === 'meta' ? clause.text.indexOf(': ') : -1;
    if (colon > 0) onSentence(state, piece(state.summary, clause.start + colon + 2, clause.end));
    if (kind === 'meta') continue;
    if (kind === 'tone') {
      state.tone.push(clause.text.slice(valueFrom));
      state.avoid.push(...forbidden(clause.text));
      continue;
    }
    if (kind === 'avoid') {
      state.avoid.push(...forbidden(clause.text));
      // "Past clients include two FTSE 100 firms (can't name them)": the policy is the bracket's,
      // the claim beside it stands (its bracket is dropped as a note).
      if (!claimBesideBracket(clause.text)) continue;
    }
    // "L'abus d'alcool est dangereux pour la santé (obligatoire)": a line the ads must carry.
    const must = mustCarry(clause.text);
    if (must !== undefined) {
      state.mandatories.push(must);
      continue;
    }
    if (kind === 'audience') {
      onAudience(state, piece(state.summary, clause.start + valueFrom, clause.end));
      continue;
    }
    if (LOCATION_LINE.re.test(clause.text)) {
      state.location ??= piece(
        state.summary,
        clause.start + (LOCATION_LINE.re.exec(clause.text)?.[0].length ?? 0),
        clause.end,
      );
      continue;
    }
    // "…, so no stressful car journeys": a result is what the claim before it gives, never a
    // worry to ask about, and its conjunction is no part of it.
    const result = RESULT_OPENER.re.exec(clause.text)?.[0].length ?? 0;
    const fact = piece(state.summary, clause.start + result, clause.end);
    const role = roleOf(fact.text);
    const gives = result > 0 && (role === 'feature' || isWorry(role));
    addFacts(state, fact, gives ? 'benefit' : role, false);
  }
}

/** The audience, and the worries and insights told inside it, as facts. */
function onAudience(state: State, p: Piece): void {
  // "Pacientes con miedo al dentista: sedación consciente disponible": the label's fear is the
  // worry, what follows answers it.
  const lineStart = state.summary.lastIndexOf('\n', p.start - 1) + 1;
  const fear = FEARFUL_LABEL.re.exec(state.summary.slice(lineStart, p.start));
  if (fear?.[1]) {
    const at = lineStart + (fear.index ?? 0);
    state.facts.push({ role: 'objection', piece: piece(state.summary, at, at + fear[1].length) });
    addFacts(state, p, undefined, false);
    return;
  }
  const read = readAudience(state.summary, p, state.language);
  state.audience ??= read.audience;
  state.facts.push(...read.facts);
}
