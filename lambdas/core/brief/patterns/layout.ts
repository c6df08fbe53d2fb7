import type { Pattern } from './types.ts';

/**
 * How briefs lay text out: bullets, separators between items, abbreviations that end in a full
 * stop without ending the sentence. Language-neutral except the abbreviations, listed per language.
 */
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
 * A French product phrase ends before "à" and a place ("électricité générale à Rennes"), not
 * before "à" and a noun ("vélos à assistance électrique"). Case-sensitive: the capital is the cue.
 */
export const PRODUCT_END_PLACE: Pattern = {
  id: 'product-end-place',
  re: /\sà\s(?=\p{Lu})/u,
  examples: [
    { text: "entreprise d'électricité à Rennes", match: ' à ' },
    { text: 'vélos à assistance électrique', match: null },
    { text: 'abonnement à des vins', match: null },
  ],
};

/** More of a business's name after the client's own ("… & Heating", "… und Söhne", "… GmbH"): capitalised words after an ampersand or "and", or a company form. */
export const NAME_CONTINUATION: Pattern = {
  id: 'name-continuation',
  re: /^(?:\s(?:&|\+|and|und|y|et)\s\p{Lu}[\p{L}'’-]*(?:\s\p{Lu}[\p{L}'’-]*)?|,?\s(?:GmbH(?: & Co\. KG)?|AG|KG|e\.\s?K\.|Ltd\.?|Limited|LLC|Inc\.?|PLC|S\.L\.U?\.?|S\.A\.|SARL|SAS|EURL)(?![\p{L}]))(?=$|[\s,.(–—-])/u,
  examples: [
    { text: ' & Heating (Dover)', match: ' & Heating' },
    { text: ' und Söhne GmbH, Köln', match: ' und Söhne GmbH' },
    { text: ' and we fix leaks', match: null },
    { text: ' GmbH – Meisterbetrieb', match: ' GmbH' },
    { text: ', Ltd. (Leeds)', match: ', Ltd.' },
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
  re: /^(?:usually|often|always|normally|typically|mostly|generally|sometimes|normalmente|habitualmente|casi siempre|meist|meistens|normalerweise|oft|généralement|souvent|habituellement)\b/iu,
  examples: [
    { text: 'usually within 48 hrs', match: 'usually' },
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
  re: /^(?:(?:ok|okay|so|right|alright|well|basically|kurz zu[rm]?|quick word on),?\s+)+/iu,
  examples: [
    { text: 'ok so Acme is a bakery', match: 'ok so ' },
    { text: 'kurz zur Acme Praxis', match: 'kurz zur ' },
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

/**
 * What a dash leaves after a claim that only qualifies it: its count ("4,8/5 sur Google — 510
 * avis"), its limit ("Free scan – Jan/Feb only"). Alone, it would be a fragment.
 */
export const DASH_TAIL: Pattern = {
  id: 'dash-tail',
  re: /^(?:[\d.,+]+\s?\p{L}+\.?|(?:\p{L}+[/\s-]){0,2}\p{L}+\s(?:only|seulement|uniquement)|(?:only|nur|solo|sólo|únicamente|seulement|uniquement)\s.{1,30})$/iu,
  examples: [
    { text: '510 avis', match: '510 avis' },
    { text: '600+ cases', match: '600+ cases' },
    { text: 'Jan/Feb only', match: 'Jan/Feb only' },
    { text: 'nur im Januar', match: 'nur im Januar' },
    { text: '4.8 on Google', match: null },
    { text: 'we reply in a day', match: null },
  ],
};

/**
 * What goes on naming or placing the product after a comma ("termite treatment, plus general pest
 * control", "Acme MBA, from a UK university"): still the product's phrase, no claim of its own.
 */
export const PRODUCT_CONTINUATION: Pattern = {
  id: 'product-continuation',
  re: /^(?:plus|and|&|as well as|along with|y|además de|et|ainsi que|und|sowie|from|by|de|desde|von|par)\s/iu,
  examples: [
    { text: 'plus general pest control', match: 'plus ' },
    { text: 'from a UK university, fully online', match: 'from ' },
    { text: 'free eye test', match: null },
  ],
};

/** A header item that only says how the business trades ("FIELDNOTE | B2B SaaS | …"): no product. */
export const BUSINESS_MODEL: Pattern = {
  id: 'business-model',
  re: /^(?:(?:B2B|B2C|D2C|DTC|SaaS|PaaS|e-?commerce|start-?up|scale-?up|SME|KMU|PME|pyme|tech)\s*[/&+]?\s*)+$/iu,
  examples: [
    { text: 'B2B SaaS', match: 'B2B SaaS' },
    { text: 'DTC / e-commerce', match: 'DTC / e-commerce' },
    { text: 'Field service scheduling', match: null },
  ],
};

/** Where a business is said to be (the place follows the cue). */
export const LOCATION_CUE: Pattern = {
  id: 'location-cue',
  re: /(?<!(?:\b[0-5][.,]\d|\/\s?(?:5|10)|★|⭐|\bstars?|\bestrellas|\bSternen?|\bétoiles|\breviews?|\breseñas|\bopiniones|\bavis|\bBewertungen)\s)(?:(?<![\p{L}])(?:covering|serving|across|based (?:in|at)|located in|in|en|à|au|aux|dans|aus)\s+)((?:(?:the|la|el|los|las|le|les)\s)?\p{Lu}[\p{L}'’./-]*(?:(?:\s|,\s|\s(?:and|y|und|et|&|de|del|du|des|von|am)\s)\p{Lu}[\p{L}'’./-]*)*(?:\s\([^)]{1,80}\))?)/u,
  examples: [
    {
      text: 'boiler repairs covering Springfield and Shelbyville',
      match: 'covering Springfield and Shelbyville',
    },
    { text: 'tienda familiar en Toledo desde 2001', match: 'en Toledo' },
    { text: 'ein Laden in Kassel, seit', match: 'in Kassel' },
    { text: "entreprise d'électricité à Rennes, fondée", match: 'à Rennes' },
    { text: 'in the morning', match: null },
    { text: 'tiendas en la Villa de Acme', match: 'en la Villa de Acme' },
    { text: '4.7 estrellas en Google', match: null },
  ],
};

/** Between a business's name and what it sells: a copula or a verb of trade, then an article. */
export const PRODUCT_LEAD: Pattern = {
  id: 'product-lead',
  re: /^\s*(?:(?:(?:they|we|it)(?:['’]re|['’]s)|(?:(?:they|we|it) )?(?:is|are|was|ist|sind|es|son|somos|est|sont|sommes))\s+)?(?:(?:an?|the|un[ae]?|una|el|la|los|las|le|les|des|ein(?:e[nmrs]?)?|der|die|das|(?:my|our|their) (?:client|customer)['’]s)\s+)?/iu,
  examples: [
    { text: "They're a wedding venue", match: "They're a " },
    { text: "is my client's online yarn shop", match: "is my client's " },
    { text: 'We are a family bakery', match: 'We are a ' },
    { text: 'is an independent bakery', match: 'is an ' },
    { text: 'ist ein kleines Studio', match: 'ist ein ' },
    { text: 'Somos academia de inglés', match: 'Somos ' },
    { text: 'garden design', match: '' },
  ],
};

/**
 * A brief that names no product in its opening often introduces it as the business's own new
 * thing ("our new oat stout", "notre nouvelle collection"): the phrase after this is the product.
 */
export const OWN_NEW: Pattern = {
  id: 'own-new',
  re: /\b(?:our|nuestr[oa]s?|unser(?:e[nmrs]?)?|notre|nos)\s+(?:brand[- ]new|new|nuev[oa]s?|neue[nmrs]?|nouvel(?:le)?s?|nouveaux?)\s+/iu,
  examples: [
    { text: 'Ember, our new oat stout, out in June', match: 'our new ' },
    { text: 'unser neues Modell', match: 'unser neues ' },
    { text: 'sign up to our newsletter', match: null },
    { text: 'unsere neue Kollektion', match: 'unsere neue ' },
    { text: 'notre nouvelle carte', match: 'notre nouvelle ' },
    { text: 'new customers get 10% off', match: null },
  ],
};

/** Where a product phrase stops: a preposition or clause that starts the rest of the sentence. */
export const PRODUCT_END: Pattern = {
  id: 'product-end',
  re: /\s(?:for|in|across|from|with|to|at|on|near|since|who|that|which|selling|placing|covering|based|para|en|con|desde|que|für|in|mit|seit|aus|die|der|pour|avec|depuis|qui|dans|ab)\s|,(?!\d)|[.;:(]|\s\p{Extended_Pictographic}/iu,
  examples: [
    { text: 'electric scooters for commuters', match: ' for ' },
    { text: 'Möbel nach Maß, vom Entwurf', match: ',' },
    { text: 'garden design', match: null },
  ],
};

/** A header item that opens with a name (one to three capitalised words, then a bracket). */
export const LEADING_NAME: Pattern = {
  id: 'leading-name',
  re: /^\p{Lu}[\p{L}'’-]+(?:[ /]\p{Lu}[\p{L}'’-]*){0,2}(?:\s\([^)]*\))?/u,
  examples: [
    { text: 'Springfield (4 sites) + online', match: 'Springfield (4 sites)' },
    { text: 'Springfield IL', match: 'Springfield IL' },
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

/** Where an audience line goes on to say what its people feel ("…, who hate…", "… und Angst vor…"). */
export const AUDIENCE_CLAUSE: Pattern = {
  id: 'audience-clause',
  re: /,?\s(?:who|(?<!\b(?:of|with|about|by|from|for|over)(?:\s\p{L}+){1,4}\s)that|and are|and|que|y|die|deren|und|qui|et)\s/iu,
  examples: [
    { text: 'students sharing flats who hate cooking', match: ' who ' },
    { text: 'parents that hate screen time', match: ' that ' },
    { text: 'gamers sick of keyboards that lag', match: null },
    { text: 'Rentner, die reisen und Angst vor Stress haben', match: ', die ' },
    { text: 'tenants aged 20-30', match: null },
  ],
};

/**
 * Where an audience line turns to what some of its people have done or think, with a subject
 * of its own ("60-75, retired, and a lot of them have done an ocean cruise …"): the audience
 * ends there, and what they have done is an insight into it (without "a lot of them", which
 * says how many, not what).
 */
export const AUDIENCE_ASIDE: Pattern = {
  id: 'audience-aside',
  re: /,?\s(?:and\s|y\s|und\s|et\s)?(?:(?:a lot|lots|many|most|some|half|plenty) of them|(?:muchos|muchas|algunos|algunas) de ell[oa]s|(?:viele|die meisten|einige) (?:davon|von ihnen)|(?:beaucoup|la plupart|certains) d['’]entre eux)\s/iu,
  examples: [
    {
      text: '60-75, retired, and a lot of them have done an ocean cruise',
      match: ', and a lot of them ',
    },
    { text: 'Rentner, viele davon reisen allein', match: ', viele davon ' },
    { text: 'parents of toddlers', match: null },
  ],
};

/** After a labelled product, what it comes with or who it is for: a claim of its own. */
export const PRODUCT_REST: Pattern = {
  id: 'product-rest',
  re: /^(?:with|including|for|con|incluye|para|mit|inklusive|für|avec|pour)\s\S+\s\S+/iu,
  examples: [
    { text: 'with fitting included', match: 'with fitting included' },
    { text: 'con montaje incluido', match: 'con montaje incluido' },
    { text: 'from a local college', match: null },
  ],
};
