import type { AngleCandidate } from './angles.ts';
import { shorterRewrites } from './angles.ts';
import type { BriefFacts, Category } from './brief-facts.ts';
import { capFirst } from './brief-facts.ts';
import type { AwarenessLevel } from './types.ts';

/**
 * A phrase grammar per language: each archetype is a set of sentence frames whose slots take
 * typed facts (a noun phrase, a plural audience, a complete clause, a number with its noun), so
 * the sentence is grammatical whatever fills it. A frame is only used when its facts exist.
 * Frames contain no numbers and no claim words of their own: those come from the facts.
 */
export type Grammar = {
  archetypes(f: BriefFacts): AngleCandidate[];
  fallbacks(f: BriefFacts): AngleCandidate[];
  visual(f: BriefFacts): string[];
  toneDirection(c: Category): string;
  /** The brand kit's tone of voice as a direction ("Voice: warm, playful."). */
  voice(tone: string): string;
  neutralVisual: string;
  neutralDirection: string;
};

const sentence = (t: string) => {
  const s = capFirst(t.trim());
  return /[.!?]$/.test(s) ? s : `${s}.`;
};
const join = (...parts: (string | undefined | false)[]) => parts.filter(Boolean).join(' ');
const words = (t: string) => t.split(/\s+/).filter(Boolean).length;

/** English indefinite article by the sound of the next word (close enough for product nouns). */
function withArticle(np: string): string {
  if (/s$/i.test(np.split(' ').at(-1) ?? '') && !/ss$/i.test(np)) return np; // plural: no article
  if (/^(?:bookkeeping|payroll|insurance|software|coffee|skincare|pet insurance)\b/i.test(np)) return np;
  return /^(?:[aeio]|u(?!ni|se|sa)|hour|honest|8|11|18)/i.test(np) ? `an ${np}` : `a ${np}`;
}

/** A short name from a clause: the clause up to a phrase boundary, at most `max` words. */
function shortName(clause: string, max = 6): string {
  const options = [
    clause.replace(/[.!?]+$/, ''),
    ...shorterRewrites(clause).map((r) => r.replace(/[.!?]+$/, '')),
  ];
  // Never a cut: the longest complete rewrite within `max` words, else the shortest complete one.
  return options.find((o) => words(o) <= max) ?? options.at(-1) ?? clause;
}

const TONE_EN: Record<Category, string> = {
  dtc_ecommerce: 'Sensory and specific; show the product in use; one clear reason to buy.',
  b2b_saas: 'Plain and confident; lead with time or money saved; no jargon, no hype.',
  local_service: 'Friendly and local; name the place; make booking feel simple to do.',
  health_medical: 'Calm and reassuring; no outcome promises or before/after claims; invite a booking.',
  finance_insurance:
    'Clear and trustworthy; state terms exactly as the brief does; no promises it does not make.',
  travel_hospitality: 'Evocative and unhurried; let the place and the details do the selling.',
  education_app: 'Encouraging and concrete; show progress the learner can picture.',
  consumer_app: 'Energetic and encouraging; show the routine, not the results.',
};

const VISUAL_EN: Record<Category, string[]> = {
  dtc_ecommerce: [
    'close-up product photo in natural window light, warm tones',
    'lifestyle photo of the product in use at home, candid',
    'clean flat lay on a textured surface, soft shadows',
  ],
  b2b_saas: [
    'bright office scene with a laptop showing a clean dashboard',
    'minimal graphic layout with one bold number, brand colours',
    'candid photo of a small-business owner at work, daylight',
  ],
  local_service: [
    'welcoming street-level photo of the premises, daylight',
    'friendly staff portrait, natural light',
    'close-up of hands at work, warm tones',
  ],
  health_medical: [
    'calm, bright treatment room, soft daylight, no instruments in focus',
    'friendly clinician portrait with a relaxed patient, natural light',
    'clean minimal layout in soft brand colours, lots of white space',
  ],
  finance_insurance: [
    'reassuring everyday photo of the customer at home, soft daylight',
    'clean minimal layout with one bold figure, trustworthy palette',
    'candid photo of the customer using a phone, relaxed',
  ],
  travel_hospitality: [
    'wide photo of the view at golden hour, calm water',
    'detail shot of the room and breakfast table, soft morning light',
    'couple walking along the harbour, candid, natural colours',
  ],
  education_app: [
    'candid photo of a learner on a video call, bright home office',
    'phone screen close-up of a lesson in progress, clean background',
    'lifestyle photo of a confident conversation in a café',
  ],
  consumer_app: [
    'energetic photo of the routine at home, natural light',
    'phone screen close-up of the app, clean background',
    'candid lifestyle moment of the audience, bright colours',
  ],
};

const english: Grammar = {
  archetypes(f) {
    const brand = f.brand.text;
    const out: AngleCandidate[] = [];
    const product = f.product?.text;
    const audience = f.audience?.text;
    const feature = f.features[0]?.text;
    const [pain, pain2] = f.pains;
    if (pain) {
      out.push({
        archetype: 'pain',
        level: 'problem_aware',
        names: [pain.text, `No more ${pain.text}`],
        hooks: [
          join(`Tired of ${pain.text}?`, feature && sentence(feature)),
          join(`Tired of ${pain.text}?`, `Meet ${brand}.`),
          `Say goodbye to ${pain.text}.`,
        ],
        direction: `Open on the pain in the reader's words ("${pain.text}"), then show how ${brand} removes it. Empathy first, product second.`,
      });
    }
    const outcome = f.outcomes[0]?.text;
    if (outcome) {
      out.push({
        archetype: 'outcome',
        level: 'solution_aware',
        names: [shortName(outcome), ...shorterRewrites(sentence(outcome))],
        hooks: [sentence(outcome), ...shorterRewrites(sentence(outcome))],
        direction: `Paint the outcome concretely ("${outcome}"); keep the brief's figure exactly as stated.`,
      });
    }
    const rating = f.ratings[0];
    if (rating) {
      const score = `${rating.score}${rating.stars ? ' stars' : ''}`;
      const on = rating.platform ? ` on ${rating.platform}` : '';
      const from = rating.count ? ` from ${rating.count} ${rating.countNoun}` : '';
      out.push({
        archetype: 'social_proof',
        level: 'product_aware',
        names: [
          rating.count ? `${score} from ${rating.count} ${rating.countNoun}` : `Rated ${score}${on}`,
          `Rated ${score}`,
        ],
        hooks: [
          join(`Rated ${score}${on}${from}.`, audience && `See why ${audience} choose ${brand}.`),
          `Rated ${score}${on}${from}.`,
          `Rated ${score}${on}.`,
        ],
        direction: `Lead with the rating exactly as the brief gives it (${rating.text}); let real customers speak.`,
      });
    }
    for (const proof of f.proofs.filter((p) => p.kind === 'count').slice(0, 1)) {
      const clause = proof.text.replace(/\b(?:use|uses|trust|trusts|love|loves) it\b/i, (m) =>
        m.replace(/it$/, brand),
      );
      const head = /^((?:more than|over)\s+)?[\d,.]+\s+\p{L}+/iu.exec(proof.text)?.[0] ?? proof.text;
      out.push({
        archetype: 'proof_count',
        level: 'product_aware',
        names: [head],
        hooks: [sentence(clause)],
        direction: `Make the number the hero ("${proof.text}"); no rounding, no extra claims.`,
      });
    }
    for (const proof of f.proofs.filter((p) => p.kind === 'percent').slice(0, 1)) {
      const head = /^[\d.,]+\s?%\s+of\s+\p{L}+/u.exec(proof.text)?.[0] ?? proof.number;
      out.push({
        archetype: 'stat_curiosity',
        level: 'unaware',
        names: [head],
        hooks: [sentence(proof.text), ...shorterRewrites(sentence(proof.text))],
        direction: `Stop the scroll with the figure ("${proof.text}"), then reveal ${brand} as the reason.`,
      });
    }
    const award = f.awards[0];
    if (award) {
      out.push({
        archetype: 'authority',
        level: 'product_aware',
        names: [award.title.replace(/\s+award$/i, ''), award.title],
        hooks: [sentence(award.text), ...shorterRewrites(sentence(award.text))],
        direction: `Lead with the recognition exactly as named (${award.title}); calm, confident, no hype.`,
      });
    }
    const competitor = f.competitors[0];
    if (competitor && f.comparison) {
      const switching = /switch/i.test(f.comparison.text);
      out.push({
        archetype: 'comparison',
        level: 'solution_aware',
        names: [
          switching ? `Switching from ${competitor.text}` : `${brand} vs ${competitor.text}`,
          `${brand} vs ${competitor.text}`,
        ],
        hooks: [sentence(f.comparison.text), ...shorterRewrites(sentence(f.comparison.text))],
        direction: `Compare on the one point the brief makes ("${f.comparison.text}"); be fair and specific; never disparage ${competitor.text}.`,
      });
    }
    const offer = f.offers[0];
    if (offer || f.trial) {
      const offerText = offer?.text ?? f.trial?.text ?? '';
      const freeThing = /first\s+(\p{L}+)\s+(?:is|are)\s+free/iu.exec(offerText)?.[1];
      const group = /^(new \p{L}+) get .* for ([$£€][\d,.]+)/iu.exec(offerText);
      const name = freeThing
        ? `First ${freeThing} free`
        : group
          ? `${capFirst(group[1] ?? '')}: ${group[2]}`
          : offer
            ? shortName(offer.text, 5)
            : (f.trial?.text ?? '');
      const trialLine = (t: string) => (/^\d/.test(t) ? `Start with a ${t}.` : sentence(t));
      out.push({
        archetype: 'offer',
        level: 'most_aware',
        names: [name],
        hooks: [
          offer ? join(sentence(offerText), f.trial && trialLine(f.trial.text)) : trialLine(offerText),
          offer ? sentence(offerText) : trialLine(offerText),
        ],
        direction: `Put the offer up front, worded as the brief words it ("${offerText}"); one clear action.`,
      });
    }
    if (f.price) {
      out.push({
        archetype: 'price',
        level: 'most_aware',
        names: [`${brand} from ${f.price.text}`, `From ${f.price.text}`],
        hooks: [
          join(`${brand}, from ${f.price.text}.`, feature && sentence(feature)),
          `${brand}, from ${f.price.text}.`,
        ],
        direction: `State the price plainly (${f.price.text}) next to what it buys; no comparisons the brief does not make.`,
      });
    }
    if (f.guarantee) {
      const named = /\d+-day money-back guarantee|money-back guarantee/i.exec(f.guarantee.text)?.[0];
      out.push({
        archetype: 'risk_reversal',
        level: 'most_aware',
        names: [named ?? `The ${brand} promise`, `The ${brand} promise`],
        hooks: [sentence(f.guarantee.text)],
        direction: `Remove the last objection with the promise the brief makes ("${f.guarantee.text}"), word for word.`,
      });
    }
    if (audience) {
      out.push({
        archetype: 'identity',
        level: 'unaware',
        names: [`For ${audience}`, `Made for ${audience}`],
        hooks: [
          product
            ? sentence(`${capFirst(withArticle(product))} made for ${audience}`)
            : `Made for ${audience}.`,
          `Made for ${audience}.`,
        ],
        direction: `Speak to who the reader is (${audience}), in their words; ${brand} as one of them.`,
      });
    }
    if (f.features.length > 0) {
      const [a, b] = f.features;
      out.push({
        archetype: 'how_it_works',
        level: 'solution_aware',
        names: [`How ${brand} works`, `Inside ${brand}`],
        hooks: [join(a && sentence(a.text), b && sentence(b.text)), a ? sentence(a.text) : ''].filter(
          Boolean,
        ),
        direction: `Show the mechanism in one or two plain steps, as the brief describes them.`,
      });
    }
    if (pain2) {
      out.push({
        archetype: 'objection',
        level: 'problem_aware',
        names: [pain2.text, `No more ${pain2.text}`],
        hooks: [join(`Worried about ${pain2.text}?`, `${brand} is built for you.`), `No more ${pain2.text}.`],
        direction: `Answer the worry ("${pain2.text}") directly with what ${brand} does about it.`,
      });
    }
    for (const feat of f.features.slice(1, 4)) {
      out.push({
        archetype: 'feature',
        level: 'solution_aware',
        names: [shortName(feat.text), shortName(feat.text, 4)],
        hooks: [sentence(feat.text), ...shorterRewrites(sentence(feat.text))],
        direction: `Spotlight one thing ${brand} does ("${feat.text}") and why it matters to the reader.`,
      });
    }
    if (product) {
      out.push({
        archetype: 'intro',
        level: 'unaware',
        names: [`Meet ${brand}`],
        hooks: [
          sentence(`Meet ${brand}: ${withArticle(product)}${audience ? ` for ${audience}` : ''}`),
          sentence(`Meet ${brand}: ${withArticle(product)}`),
        ],
        direction: `Introduce ${brand} in one line: what it is and who it is for.`,
      });
    }
    return out;
  },
  fallbacks(f) {
    const brand = f.brand.text;
    const product = f.product?.text;
    const base: [string, AwarenessLevel, string[], string[]][] = [
      [`Say hello to ${brand}`, 'unaware', [`Say hello to ${brand}.`], []],
      [
        `Why ${brand}`,
        'solution_aware',
        [product ? `Why ${withArticle(product)} from ${brand}?` : `Why ${brand}?`],
        [],
      ],
      [
        `Looking for ${product ? withArticle(product) : brand}`,
        'problem_aware',
        [product ? `Looking for ${withArticle(product)}? Meet ${brand}.` : `Looking for ${brand}?`],
        [],
      ],
      [`${brand}, up close`, 'product_aware', [`Take a closer look at ${brand}.`], []],
      [`Try ${brand}`, 'most_aware', [`Try ${brand} today.`], []],
      [`The ${brand} way`, 'solution_aware', [`There is a better way to do this: the ${brand} way.`], []],
      [`${brand} in a minute`, 'product_aware', [`${brand} in a minute.`], []],
      [`First look at ${brand}`, 'unaware', [`Here is a first look at ${brand}.`], []],
      [`Your next step with ${brand}`, 'most_aware', [`Ready when you are: ${brand}.`], []],
      [`${brand}, explained`, 'problem_aware', [`${brand}, explained in one line.`], []],
    ];
    return base.map(([name, level, hooks]) => ({
      archetype: 'fallback',
      level,
      names: [name],
      hooks,
      direction: `Keep it simple: say what ${brand} is and invite the next step; only facts from the brief.`,
    }));
  },
  visual: (f) => VISUAL_EN[f.category],
  toneDirection: (c) => TONE_EN[c],
  voice: (tone) => `Voice: ${tone.replace(/[.!?]+$/, '')}.`,
  neutralVisual: 'clean product photo, natural light, generous empty space',
  neutralDirection: 'Keep it simple and specific; only facts from the brief.',
};

type Frames = {
  meet: (brand: string, product?: string, audience?: string) => string;
  meetName: (brand: string) => string;
  madeFor: (audience: string) => string;
  forName: (audience: string) => string;
  rated: (score: string, stars: boolean, platform?: string, count?: string) => string;
  ratedName: (score: string, stars: boolean) => string;
  from: (brand: string, price: string) => string;
  fromName: (price: string) => string;
  why: (brand: string) => string;
  whyName: (brand: string) => string;
  hello: (brand: string) => string;
  helloName: (brand: string) => string;
  tryIt: (brand: string) => string;
  tryName: (brand: string) => string;
  closer: (brand: string) => string;
  closerName: (brand: string) => string;
  way: (brand: string) => string;
  wayName: (brand: string) => string;
  next: (brand: string) => string;
  nextName: (brand: string) => string;
  explained: (brand: string) => string;
  explainedName: (brand: string) => string;
  first: (brand: string) => string;
  firstName: (brand: string) => string;
  minute: (brand: string) => string;
  minuteName: (brand: string) => string;
  vs: (brand: string, competitor: string) => string;
  award: (title: string) => string;
  direction: string;
  tone: string;
  voiceLabel: string;
  visual: string[];
};

const FRAMES: Record<'es' | 'de' | 'fr', Frames> = {
  es: {
    meet: (b, p, a) => `Descubre ${b}${p ? `: ${p}` : ''}${a ? ` para ${a}` : ''}.`,
    meetName: (b) => `Descubre ${b}`,
    madeFor: (a) => `Pensado para ${a}.`,
    forName: (a) => `Para ${a}`,
    rated: (s, st, p, c) =>
      `Valorado con ${s}${st ? ' estrellas' : ''}${p ? ` en ${p}` : ''}${c ? ` según ${c} opiniones` : ''}.`,
    ratedName: (s, st) => `Valorado con ${s}${st ? ' estrellas' : ''}`,
    from: (b, p) => `${b}, desde ${p}.`,
    fromName: (p) => `Desde ${p}`,
    why: (b) => `¿Por qué ${b}? Te lo contamos.`,
    whyName: (b) => `Por qué ${b}`,
    hello: (b) => `Te presentamos ${b}.`,
    helloName: (b) => `Te presentamos ${b}`,
    tryIt: (b) => `Prueba ${b} hoy.`,
    tryName: (b) => `Prueba ${b}`,
    closer: (b) => `Mira ${b} de cerca.`,
    closerName: (b) => `${b} de cerca`,
    way: (b) => `Hay otra forma de hacerlo: la de ${b}.`,
    wayName: (b) => `A la manera de ${b}`,
    next: (b) => `Cuando quieras: ${b}.`,
    nextName: (b) => `Tu próximo paso con ${b}`,
    explained: (b) => `${b}, explicado en una frase.`,
    explainedName: (b) => `${b}, explicado`,
    first: (b) => `Un primer vistazo a ${b}.`,
    firstName: (b) => `Primer vistazo a ${b}`,
    minute: (b) => `${b} en un minuto.`,
    minuteName: (b) => `${b} en un minuto`,
    vs: (b, c) => `${b} frente a ${c}`,
    award: (t) => t,
    direction: 'Frases cortas y concretas; solo datos del brief.',
    tone: 'Cercano y claro; tutea al lector.',
    voiceLabel: 'Voz de marca',
    visual: [
      'foto de estilo de vida con luz natural, colores cálidos',
      'primer plano del producto, fondo limpio',
      'escena cotidiana y espontánea, luz de día',
    ],
  },
  de: {
    meet: (b, p, a) => `Das ist ${b}${p ? `: ${p}` : ''}${a ? ` für ${a}` : ''}.`,
    meetName: (b) => `Das ist ${b}`,
    madeFor: (a) => `Gemacht für ${a}.`,
    forName: (a) => `Für ${a}`,
    rated: (s, st, p, c) =>
      `Bewertet mit ${s}${st ? ' Sternen' : ''}${p ? ` auf ${p}` : ''}${c ? ` aus ${c} Bewertungen` : ''}.`,
    ratedName: (s, st) => `Bewertet mit ${s}${st ? ' Sternen' : ''}`,
    from: (b, p) => `${b}, ab ${p}.`,
    fromName: (p) => `Ab ${p}`,
    why: (b) => `Warum ${b}? Hier ist die Antwort.`,
    whyName: (b) => `Warum ${b}`,
    hello: (b) => `Darf ich vorstellen: ${b}.`,
    helloName: (b) => `Hallo, ${b}`,
    tryIt: (b) => `Probieren Sie ${b} noch heute.`,
    tryName: (b) => `${b} ausprobieren`,
    closer: (b) => `Sehen Sie sich ${b} genauer an.`,
    closerName: (b) => `${b} im Detail`,
    way: (b) => `Es geht auch anders: mit ${b}.`,
    wayName: (b) => `Der ${b}-Weg`,
    next: (b) => `Bereit, wenn Sie es sind: ${b}.`,
    nextName: (b) => `Ihr nächster Schritt mit ${b}`,
    explained: (b) => `${b}, in einem Satz erklärt.`,
    explainedName: (b) => `${b} erklärt`,
    first: (b) => `Ein erster Blick auf ${b}.`,
    firstName: (b) => `Erster Blick auf ${b}`,
    minute: (b) => `${b} in einer Minute.`,
    minuteName: (b) => `${b} in einer Minute`,
    vs: (b, c) => `${b} oder ${c}`,
    award: (t) => t,
    direction: 'Kurze, konkrete Sätze; nur Fakten aus dem Briefing.',
    tone: 'Klar und freundlich; siezen.',
    voiceLabel: 'Tonalität',
    visual: [
      'Lifestyle-Foto bei natürlichem Licht, warme Farben',
      'Nahaufnahme des Produkts, ruhiger Hintergrund',
      'spontane Alltagsszene bei Tageslicht',
    ],
  },
  fr: {
    meet: (b, p, a) => `Découvrez ${b}${p ? ` : ${p}` : ''}${a ? ` pour ${a}` : ''}.`,
    meetName: (b) => `Découvrez ${b}`,
    madeFor: (a) => `Pensé pour ${a}.`,
    forName: (a) => `Pour ${a}`,
    rated: (s, st, p, c) =>
      `Noté ${s}${st ? ' étoiles' : ''}${p ? ` sur ${p}` : ''}${c ? ` sur ${c} avis` : ''}.`,
    ratedName: (s, st) => `Noté ${s}${st ? ' étoiles' : ''}`,
    from: (b, p) => `${b}, à partir de ${p}.`,
    fromName: (p) => `À partir de ${p}`,
    why: (b) => `Pourquoi ${b} ? On vous explique.`,
    whyName: (b) => `Pourquoi ${b}`,
    hello: (b) => `Voici ${b}.`,
    helloName: (b) => `Voici ${b}`,
    tryIt: (b) => `Essayez ${b} dès aujourd'hui.`,
    tryName: (b) => `Essayez ${b}`,
    closer: (b) => `Regardez ${b} de plus près.`,
    closerName: (b) => `${b} de plus près`,
    way: (b) => `Il existe une autre façon de faire : celle de ${b}.`,
    wayName: (b) => `La méthode ${b}`,
    next: (b) => `Quand vous voulez : ${b}.`,
    nextName: (b) => `Votre prochaine étape avec ${b}`,
    explained: (b) => `${b}, expliqué en une phrase.`,
    explainedName: (b) => `${b}, expliqué`,
    first: (b) => `Un premier aperçu de ${b}.`,
    firstName: (b) => `Premier aperçu de ${b}`,
    minute: (b) => `${b} en une minute.`,
    minuteName: (b) => `${b} en une minute`,
    vs: (b, c) => `${b} ou ${c}`,
    award: (t) => t,
    direction: 'Phrases courtes et concrètes ; uniquement des faits du brief.',
    tone: 'Clair et chaleureux ; vouvoyer le lecteur.',
    voiceLabel: 'Ton de la marque',
    visual: [
      'photo lifestyle en lumière naturelle, tons chauds',
      'gros plan sur le produit, fond épuré',
      'scène du quotidien spontanée, lumière du jour',
    ],
  },
};

/** Whether the brief is written in `language` (its clauses can then be quoted in the copy). */
function writtenIn(summary: string, language: string): boolean {
  const cues: Record<string, RegExp> = {
    es: /\b(?:el|la|los|las|para|con|que|una|por)\b/gi,
    de: /\b(?:der|die|das|und|für|mit|ist|ein|eine)\b/gi,
    fr: /\b(?:le|la|les|pour|avec|est|une|des|et)\b/gi,
  };
  const re = cues[language];
  return re ? (summary.match(re) ?? []).length >= 4 : false;
}

function foreign(lang: 'es' | 'de' | 'fr'): Grammar {
  const fr = FRAMES[lang];
  return {
    archetypes(f) {
      const brand = f.brand.text;
      const quote = f.sourceText !== undefined && writtenIn(f.sourceText, lang);
      const out: AngleCandidate[] = [];
      const add = (archetype: string, level: AngleCandidate['level'], names: string[], hooks: string[]) =>
        out.push({ archetype, level, names, hooks, direction: fr.direction });
      const rating = f.ratings[0];
      if (rating)
        add(
          'social_proof',
          'product_aware',
          [fr.ratedName(rating.score, rating.stars)],
          [fr.rated(rating.score, rating.stars, rating.platform, rating.count)],
        );
      if (f.audience && quote)
        add('identity', 'unaware', [fr.forName(f.audience.text)], [fr.madeFor(f.audience.text)]);
      if (f.price) add('price', 'most_aware', [fr.fromName(f.price.text)], [fr.from(brand, f.price.text)]);
      if (quote) {
        for (const p of f.proofs.slice(0, 2))
          add('proof', 'product_aware', [shortName(p.text, 5)], [sentence(p.text)]);
        for (const o of f.offers.slice(0, 1))
          add('offer', 'most_aware', [shortName(o.text, 5)], [sentence(o.text)]);
        if (f.trial) add('trial', 'most_aware', [capFirst(f.trial.text)], [sentence(f.trial.text)]);
        if (f.guarantee)
          add('risk_reversal', 'most_aware', [shortName(f.guarantee.text, 5)], [sentence(f.guarantee.text)]);
        for (const a of f.awards.slice(0, 1))
          add('authority', 'product_aware', [fr.award(a.title)], [sentence(a.text)]);
        if (f.comparison && f.competitors[0])
          add(
            'comparison',
            'solution_aware',
            [fr.vs(brand, f.competitors[0].text)],
            [sentence(f.comparison.text)],
          );
      }
      if (f.product && quote) {
        const product = f.productArticle ? `${f.productArticle} ${f.product.text}` : f.product.text;
        add('intro', 'unaware', [fr.meetName(brand)], [fr.meet(brand, product, f.audience?.text)]);
      }
      return out;
    },
    fallbacks(f) {
      const b = f.brand.text;
      const list: [string, AngleCandidate['level'], string][] = [
        [fr.helloName(b), 'unaware', fr.hello(b)],
        [fr.whyName(b), 'solution_aware', fr.why(b)],
        [fr.closerName(b), 'product_aware', fr.closer(b)],
        [fr.tryName(b), 'most_aware', fr.tryIt(b)],
        [fr.wayName(b), 'problem_aware', fr.way(b)],
        [fr.minuteName(b), 'product_aware', fr.minute(b)],
        [fr.firstName(b), 'unaware', fr.first(b)],
        [fr.nextName(b), 'most_aware', fr.next(b)],
        [fr.explainedName(b), 'problem_aware', fr.explained(b)],
        [fr.meetName(b), 'unaware', fr.meet(b)],
      ];
      return list.map(([name, level, hook]) => ({
        archetype: 'fallback',
        level,
        names: [name],
        hooks: [hook],
        direction: fr.direction,
      }));
    },
    visual: () => fr.visual,
    toneDirection: () => fr.tone,
    voice: (tone) => `${fr.voiceLabel}: ${tone.replace(/[.!?]+$/, '')}.`,
    neutralVisual: fr.visual[0] ?? '',
    neutralDirection: fr.direction,
  };
}

const GRAMMARS: Record<string, Grammar> = {
  en: english,
  es: foreign('es'),
  de: foreign('de'),
  fr: foreign('fr'),
};

/** The languages the offline engine writes. */
export const OFFLINE_LANGUAGES = Object.keys(GRAMMARS);

export function grammarFor(language: string): Grammar {
  const g = GRAMMARS[language];
  if (!g) throw new Error(`No phrase grammar for ${language}`);
  return g;
}
