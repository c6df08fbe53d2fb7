import type { Pattern } from './types.ts';

// How briefs lay text out: bullets, speakers, separators between items, headings, tables, where a
// clause leans on another. Language-neutral except where a pattern lists words per language.

/**
 * A line's speaker or its side of an exchange, before the line's own words: a chat export's
 * "[10:42] Tom: ", an interview's "Q: " and "A: ". Neither is part of the brief's text.
 */
export const LINE_MARKER: Pattern = {
  id: 'line-marker',
  re: /^\s*(?:\[?\d{1,2}[:.]\d{2}(?:\s?[AaPp]\.?[Mm]\.?)?\]?\s+\p{Lu}[\p{L}'’.-]*(?:\s\p{Lu}[\p{L}'’.-]*)?:|[QAPRF]\s?:)\s+/u,
  examples: [
    { text: '[10:42] Tom: ok so', match: '[10:42] Tom: ' },
    { text: '9:05 AM Sara Lee: any news?', match: '9:05 AM Sara Lee: ' },
    { text: "Q: What's the business?", match: 'Q: ' },
    { text: 'A: Acme, a clinic', match: 'A: ' },
    { text: '10:30 Meeting with client', match: null },
    { text: 'A. Smith & Sons', match: null },
  ],
};

export const BULLET: Pattern = {
  id: 'bullet',
  re: /^\s*(?:[-•*·▪▸►–—✓✔➤➔→✅☑❌✖⛔👉▶➡🔹🔸]\uFE0F?|\p{Extended_Pictographic}\uFE0F?|\d\uFE0F?\u20E3|>{1,2}|=>|\d{1,2}[.)])\s+/u,
  examples: [
    { text: '- Open late on Fridays', match: '- ' },
    { text: '• Parking on site', match: '• ' },
    { text: '2) second point', match: '2) ' },
    { text: '>> Eye tests £25', match: '>> ' },
    { text: '✅ Syncs with your bank', match: '✅ ' },
    { text: '❌ Don\'t claim "AI"', match: '❌ ' },
    { text: '> 200 reviews', match: '> ' },
    { text: '🎁 Offre de rentrée : -20 %', match: '🎁 ' },
    { text: '2️⃣ Produkt', match: '2️⃣ ' },
    { text: '4.4/5 rating', match: null },
  ],
};

/**
 * A heading set off the way documents mark one ("## Product", "**Claims we can make**",
 * "__Offer__"): the line is never copy, and its words say what the text under it is.
 */
export const MARKED_HEADING: Pattern = {
  id: 'marked-heading',
  re: /^\s*(?:#{1,6}\s+(.+?)\s*#*|\*\*([^*\n]+?)\*\*|__([^_\n]+?)__)\s*:?\s*$/u,
  examples: [
    { text: '## Product', match: '## Product' },
    { text: '**Claims we can make**', match: '**Claims we can make**' },
    { text: '__Offer__:', match: '__Offer__:' },
    { text: '**New:** free delivery', match: null },
    { text: '#1 in Leeds for reviews', match: null },
  ],
};

/**
 * A town and its US state or Canadian province code, written without a comma ("Charleston SC",
 * "St. Louis MO"): a place. Only the codes themselves, so that "Heating UK" is not one.
 */
export const TOWN_AND_STATE: Pattern = {
  id: 'town-and-state',
  re: /^\p{Lu}[\p{L}.'’-]+(?:\s\p{Lu}[\p{L}.'’-]+){0,2}\s(?:A[KLRZB]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[ABDEINOST]|N[BCDEHJLMSTUVY]|O[HKNR]|P[AE]|QC|RI|S[CDK]|T[NX]|UT|V[AT]|W[AIVY]|YT)$/u,
  examples: [
    { text: 'Charleston SC', match: 'Charleston SC' },
    { text: 'St. Louis MO', match: 'St. Louis MO' },
    { text: 'Calgary AB', match: 'Calgary AB' },
    { text: 'Plumbing & Heating UK', match: null },
    { text: 'Acme Tiles', match: null },
    { text: 'Denver, CO', match: null },
  ],
};

/** More of a business's name after the client's own ("… & Heating", "… und Söhne", "… GmbH"): capitalised words after an ampersand or "and", or a company form. */
export const NAME_CONTINUATION: Pattern = {
  id: 'name-continuation',
  re: /^(?:\s(?:&|\+|and|und|y|et)\s\p{Lu}[\p{L}'’-]*(?:\s\p{Lu}[\p{L}'’-]*)?|,?\s(?:GmbH(?: & Co\. KG)?|gmbh|AG|KG|e\.\s?K\.|Ltd\.?|ltd\.?|LTD\.?|Limited|limited|LLC|llc|Inc\.?|inc\.?|PLC|S\.L\.U?\.?|S\.A\.|SARL|SAS|EURL)(?![\p{L}]))(?=$|[\s,.(–—-])/u,
  examples: [
    { text: ' & Heating (Dover)', match: ' & Heating' },
    { text: ' und Söhne GmbH, Köln', match: ' und Söhne GmbH' },
    { text: ' and we fix leaks', match: null },
    { text: ' GmbH – Meisterbetrieb', match: ' GmbH' },
    { text: ', Ltd. (Leeds)', match: ', Ltd.' },
    { text: ' ltd', match: ' ltd' },
    { text: ' AGENCY', match: null },
  ],
};

/**
 * A word that points back at what was said before it ("… make them safe", "… fixes it"): a
 * reply with one does not stand on its own.
 */
export const BACK_REFERENCE: Pattern = {
  id: 'back-reference',
  re: /(?<![\p{L}])(?:them|it|they|this|that|these|those|ellos|ellas|eso|esto|sie|es|das|dies|eux|elles|ils|ça|cela)(?![\p{L}])/iu,
  examples: [
    { text: 'our anti-slip tiles make them safe', match: 'them' },
    { text: 'we do a free 2-week settling-in period', match: null },
  ],
};

/** A row of a Markdown table ("| Badsanierung | 10 Arbeitstage |"): its cells are one item. */
export const TABLE_ROW: Pattern = {
  id: 'table-row',
  re: /^\s*\|(?:[^|\n]*\|){2,}\s*$/u,
  examples: [
    { text: '| Notdienst | 24/7, in 60 Minuten |', match: '| Notdienst | 24/7, in 60 Minuten |' },
    { text: 'Acme | B2B SaaS | expenses', match: null },
  ],
};

/** The rule under a Markdown table's header ("|---|:---:|"). */
/** A line drawn under or between a plain-text heading's lines ("=====", "-----", "*****"): layout. */
export const RULE_LINE: Pattern = {
  id: 'rule-line',
  re: /^\s*(?:[=_~*#-]\s*){3,}$/u,
  examples: [
    { text: '==========================', match: '==========================' },
    { text: '- - -', match: '- - -' },
    { text: '- 3 rooms', match: null },
  ],
};

/** A line of hashtags only ("#vegan #highprotein"): how posts are tagged, not a claim. */
export const HASHTAG_LINE: Pattern = {
  id: 'hashtag-line',
  re: /^\s*(?:#[\p{L}\d_]+[\s,]*)+$/u,
  examples: [
    { text: '#vegan #highprotein #mealprep', match: '#vegan #highprotein #mealprep' },
    { text: '#1 in Leeds for boilers', match: null },
  ],
};

export const TABLE_RULE: Pattern = {
  id: 'table-rule',
  re: /^\s*\|?(?:\s*:?-{3,}:?\s*\|)+(?:\s*:?-{3,}:?\s*)?$/u,
  examples: [
    { text: '|---|---|', match: '|---|---|' },
    { text: '| :--- | ---: |', match: '| :--- | ---: |' },
    { text: '| - | 24/7 |', match: null },
  ],
};

/**
 * Lines of a forwarded e-mail that are no part of the brief: the separator ("---------- Forwarded
 * message ---------") and any line with an e-mail address ("From: Tom <tom@…>").
 */
export const MAIL_LINE: Pattern = {
  id: 'mail-line',
  re: /^\s*-{2,}.*(?:forwarded|original|weitergeleitet|reenviado|transféré|message|nachricht|mensaje).*$|[\w.+-]+@[\w-]+\.[\w.]+/iu,
  examples: [
    { text: '---------- Forwarded message ---------', match: '---------- Forwarded message ---------' },
    { text: 'From: Tom Reed <tom@example.com>', match: 'tom@example.com' },
    { text: '- free design visit', match: null },
  ],
};

/** A footnote under the claims ("*Condiciones en clínica.", "¹ Terms apply"): a mandatory line. */
export const FOOTNOTE: Pattern = {
  id: 'footnote',
  re: /^\s*(?:\*(?=[^\s*])(?![^*\n]*\*)|[¹²³†‡]\s?)/u,
  examples: [
    { text: '*Condiciones en clínica.', match: '*' },
    { text: '¹ Terms apply', match: '¹ ' },
    { text: '* free survey', match: null },
    { text: '**Proof:** 4.9/5', match: null },
    { text: '*new* opening hours', match: null },
  ],
};

/** A list piece that qualifies the one before it rather than naming a thing of its own. */
export const QUALIFIER_START: Pattern = {
  id: 'qualifier-start',
  re: /^(?:usually|often|always|normally|typically|mostly|generally|sometimes|not (?=\d|the |a |an )|instead of|rather than|statt |plutôt que|en vez de|normalmente|habitualmente|casi siempre|meist|meistens|normalerweise|oft|généralement|souvent|habituellement|(?:\p{L}+ed|split|made|built|run|kept|sent|set|grown|done) (?:by|with|into|in|to|for|from)\b)/iu,
  examples: [
    { text: 'usually within 48 hrs', match: 'usually' },
    { text: 'split by size & energy', match: 'split by' },
    { text: 'not 30', match: 'not ' },
    { text: 'rather than 30', match: 'rather than' },
    { text: 'free parking', match: null },
  ],
};

/** A rating out of five or ten ("4,9/5", "9.1/10"). */
export const RATING: Pattern = {
  id: 'rating-line',
  re: /\d(?:[.,]\d)?\s?\/\s?(?:5|10)\b/u,
  examples: [
    { text: '4,9/5 sur Planity', match: '4,9/5' },
    { text: 'open 24/7', match: null },
  ],
};

/** How notes typed as speech open a sentence ("so", "ok so", "right,"). */
export const DISCOURSE_OPENER: Pattern = {
  id: 'discourse-opener',
  re: /^(?:(?:ok|okay|so|right|alright|well|basically|kurz zu[rm]?|quick word on|(?:the |our |my )?client is|(?:this|it)(?:['’]s| is) for),?\s+)+/iu,
  examples: [
    { text: 'ok so Acme is a bakery', match: 'ok so ' },
    { text: 'kurz zur Acme Praxis', match: 'kurz zur ' },
    { text: 'ok client is Acme Café, Leeds', match: 'ok client is ' },
    { text: 'So this is for Acme Physio — a clinic', match: 'So this is for ' },
    { text: 'Acme is a bakery', match: null },
  ],
};

/** A conjunction in a list's last item after one-word items: one series ("A, B and C included"). */
export const COORDINATED: Pattern = {
  id: 'coordinated',
  re: /\s(?:and|&|y|e|und|et)\s/iu,
  examples: [
    { text: 'antivols et sacoches inclus', match: ' et ' },
    { text: 'free parking', match: null },
  ],
};

/** Where a list inside one sentence or line splits into items (always). */
export const ITEM_SEPARATOR: Pattern = {
  id: 'item-separator',
  re: /\s*;\s+|\s+[|·]\s+/u,
  examples: [
    { text: 'slow refunds; nobody answers', match: '; ' },
    { text: 'fast | friendly', match: ' | ' },
    { text: 'one, two', match: null },
  ],
};

/**
 * A spaced dash: it separates a name from what it does ("Acme – boat hire"), and a worry from
 * the answer after it ("fed up with chasing answers - we reply in a day").
 */
export const SPACED_DASH: Pattern = {
  id: 'spaced-dash',
  re: /\s+[–—-]\s+/u,
  examples: [
    { text: 'Acme – boat hire', match: ' – ' },
    { text: 'fed up with waiting - we reply in a day', match: ' - ' },
    { text: 'well-known', match: null },
  ],
};

/**
 * A colon between a worry of three words or more and the business's answer in its own voice
 * ("… is that they don't turn up: we send a photo after every visit", "…: enviamos foto …");
 * not a label's colon, which opens the note, nor one that says more of the worry ("the claims
 * process: people feel like …").
 */
export const ANSWER_COLON: Pattern = {
  id: 'answer-colon',
  re: /(?<=(?:\S+\s+){3}\S*[\p{L}\d])\s?:\s+(?=(?:we|we're|our|with us|nous|notre|nos|chez nous|wir|unser\p{L}*|bei uns|nosotros|nuestr\p{L}*|con nosotros|\p{Ll}+(?:amos|emos|imos))[\s,])/iu,
  examples: [
    { text: 'what worries them is that we never turn up: we send a photo after each visit', match: ': ' },
    { text: 'que no vengan cuando toca: enviamos foto del jardín', match: ': ' },
    {
      text: 'the biggest frustration is the claims process: people feel like they are fighting',
      match: null,
    },
    { text: 'Worry: cost', match: null },
  ],
};

/**
 * An arrow in a terse note ("nerves on test day -> we do a mock test first"): what leads to what,
 * two claims, the second often the answer to the first.
 */
export const ARROW: Pattern = {
  id: 'arrow',
  re: /\s*(?:-+>|→|=>|⟶)\s*/u,
  examples: [
    { text: 'nerves on test day -> we do a mock test', match: ' -> ' },
    { text: 'Leeds → York in 2 h', match: ' → ' },
    { text: 'well-known', match: null },
  ],
};

/** Comma-separated list items (terse notes, lists under a list label). */
export const LIST_COMMA: Pattern = {
  id: 'list-comma',
  // Not before a clause that belongs to the item ("Angst, wenn man im Urlaub ist", "fear, when …").
  re: /,\s+(?![\d])(?!(?:when|if|because|while|wenn|weil|falls|dass|cuando|si|porque|que|quand|lorsque|parce|qu['’])\s)/iu,
  examples: [
    { text: 'cold food, late drivers', match: ', ' },
    { text: '4,3/5', match: null },
    { text: 'Angst, wenn man im Urlaub ist', match: null },
    { text: 'stress, when the van is late', match: null },
  ],
};

/** Where a prose sentence splits into clauses that can each stand as a claim. */
export const CLAUSE_SEPARATOR: Pattern = {
  id: 'clause-separator',
  re: /,\s+(?=(?:but|which|so|while|whereas|pero|así que|aber|sodass|mais|donc)\s)|\s+[—–]\s+/iu,
  examples: [
    { text: 'an own bakery, so bread stays fresh', match: ', ' },
    { text: 'priced at $7, which is less', match: ', ' },
    { text: 'Rain — shine', match: ' — ' },
    { text: 'red, green and blue', match: null },
    { text: 'they switch to us, because their old firm never called back', match: null },
  ],
};

/** The conjunctions that open a result, in the four languages (planning reads them between facts too). */
export const RESULT_CONJUNCTION = '(?:so(?: that)?|así que|de modo que|sodass|so dass|donc|alors)';

/** The conjunction that opens a result ("…, so no stressful car journeys"): what the claim before it gives. */
export const RESULT_OPENER: Pattern = {
  id: 'result-opener',
  re: new RegExp(`^${RESULT_CONJUNCTION}\\s+(?=\\p{L})`, 'iu'),
  examples: [
    { text: 'so no stressful car journeys', match: 'so ' },
    { text: 'donc pas de frais cachés', match: 'donc ' },
    { text: 'solar panels', match: null },
  ],
};

/**
 * What a dash leaves after a claim that only qualifies it: its count ("4,8/5 sur Google — 510
 * avis"), its limit ("Free scan – Jan/Feb only"). Alone, it would be a fragment.
 */
export const DASH_TAIL: Pattern = {
  id: 'dash-tail',
  re: /^(?:[\d.,+]+\s?\p{L}+\.?|(?:no|sans|sin|ohne) \p{L}+(?: \p{L}+)?|(?:\p{L}+[/\s-]){0,2}\p{L}+\s(?:only|seulement|uniquement)|(?:only|nur|solo|sólo|únicamente|seulement|uniquement)\s.{1,30})$/iu,
  examples: [
    { text: '510 avis', match: '510 avis' },
    { text: '600+ cases', match: '600+ cases' },
    { text: 'Jan/Feb only', match: 'Jan/Feb only' },
    { text: 'no corkage', match: 'no corkage' },
    { text: 'nur im Januar', match: 'nur im Januar' },
    { text: '4.8 on Google', match: null },
    { text: 'we reply in a day', match: null },
  ],
};

/**
 * A piece that leans on the one before or after it: a fronted place or time ("In a 12-week
 * trial (n=104), 89% said …") or a joined clause ("…, and they won …"). It is no item of a list.
 */
export const CLAUSE_LEAD: Pattern = {
  id: 'clause-lead',
  re: /^(?:in|on|at|after|for|from|with|within|by|according to|based on|and|but|so|which|en|dans|avec|après|pour|selon|et|mais|im|nach|mit|für|laut|und|aber|con|tras|para|según|y|pero)\s/iu,
  examples: [
    { text: 'In a 12-week trial (n=104)', match: 'In ' },
    { text: 'and they won Best Venue 2025', match: 'and ' },
    { text: '98% customer retention', match: null },
  ],
};

/** Where a business is said to be (the place follows the cue). */
export const LOCATION_CUE: Pattern = {
  id: 'location-cue',
  re: /(?<!(?:\b[0-5][.,]\d|\/\s?(?:5|10)|★|⭐|\bstars?|\bestrellas|\bSternen?|(?<![\p{L}])étoiles|\breviews?|\breseñas|\bopiniones|\bavis|\bBewertungen)\s)(?:(?<![\p{L}])(?:covering|serving|across|based (?:in|at)|located in|im (?:Raum|Großraum)|rund um|in|en|à|au|aux|dans|aus)\s+)((?:(?:the|la|el|los|las|le|les)\s)?\p{Lu}[\p{L}'’./-]*(?:(?:[^\S\n]|,[^\S\n]|[^\S\n](?:and|y|und|et|&|de|del|du|des|von|am)[^\S\n])\p{Lu}[\p{L}'’./-]*)*(?:\s\((?=[^)]*[\p{Lu}\d])(?![^)]*,\s*\p{Ll})[^)]{1,80}\))?)/u,
  examples: [
    {
      text: 'boiler repairs covering Springfield and Shelbyville',
      match: 'covering Springfield and Shelbyville',
    },
    { text: 'tienda familiar en Toledo desde 2001', match: 'en Toledo' },
    { text: 'ein Laden in Kassel, seit', match: 'in Kassel' },
    { text: 'Gartenbau im Raum Kassel', match: 'im Raum Kassel' },
    { text: "entreprise d'électricité à Rennes, fondée", match: 'à Rennes' },
    { text: 'in the morning', match: null },
    { text: 'tiendas en la Villa de Acme', match: 'en la Villa de Acme' },
    { text: '4.7 estrellas en Google', match: null },
    { text: 'a hygienist in Exeter (no referral needed)', match: 'in Exeter' },
    { text: 'vets in Leeds (Headingley)', match: 'in Leeds (Headingley)' },
    { text: 'clínica en Zaragoza (barrio Delicias)', match: 'en Zaragoza (barrio Delicias)' },
  ],
};

/** A header item that opens with a name (one to three capitalised words, then a bracket). */
export const LEADING_NAME: Pattern = {
  id: 'leading-name',
  re: /^\p{Lu}[\p{L}'’-]+(?:[ /]\p{Lu}[\p{L}'’-]*(?![\p{L}\d])){0,2}(?:\s\([^)]*\))?/u,
  examples: [
    { text: 'Springfield (4 sites) + online', match: 'Springfield (4 sites)' },
    { text: 'Springfield IL', match: 'Springfield IL' },
    { text: 'Bristol BS3', match: 'Bristol' },
    { text: 'family-run since 2011', match: null },
  ],
};

/** An item that only says where the business is ("Based at …"): the location, not a claim. */
export const LOCATION_LINE: Pattern = {
  id: 'location-line',
  re: /^(?:based (?:in|at|out of)|located (?:in|at)|situad[oa] en|ubicad[oa] en|con sede en|mit sitz in|ansässig in|basée? à|située? à|implantée? à)\s/iu,
  examples: [
    { text: 'Based at the old mill, Northtown', match: 'Based at ' },
    { text: 'Mit Sitz in Kassel', match: 'Mit Sitz in ' },
    { text: 'Basé à Rennes depuis 2001', match: 'Basé à ' },
    { text: 'Based on real feedback', match: null },
  ],
};
