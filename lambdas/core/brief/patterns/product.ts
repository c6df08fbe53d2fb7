import type { Pattern } from './types.ts';

// Where a brief's product phrase starts and ends, and what follows it (brief/product.ts, extract.ts).

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

/** A preposition of place that no product phrase opens with ("à 300 m de la plage", "am Stadtrand"). */
export const PLACE_OPENING: Pattern = {
  id: 'place-opening',
  re: /^(?:à|au|aux|al|zum|zur|am)\s/iu,
  examples: [
    { text: 'à 300 m de la plage', match: 'à ' },
    { text: 'am Stadtrand von Kiel', match: 'am ' },
    { text: 'atelier de poterie', match: null },
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

/** Between a business's name and what it sells: a copula or a verb of trade, then an article. */
export const PRODUCT_LEAD: Pattern = {
  id: 'product-lead',
  re: /^\s*(?:(?:(?:they|we|it)(?:['’]re|['’]s)|(?:(?:they|we|it) )?(?:is|are|was|ist|sind|es|son|somos|est|sont|sommes)|(?:they|we) (?:do|run|offer|sell|make|provide))\s+)?(?:(?:an?|the|un[ae]?|una|el|la|los|las|le|les|des|ein(?:e[nmrs]?)?|der|die|das|(?:my|our|their) (?:client|customer)['’]s)\s+)?/iu,
  examples: [
    { text: "They're a wedding venue", match: "They're a " },
    { text: "is my client's online yarn shop", match: "is my client's " },
    { text: 'We are a family bakery', match: 'We are a ' },
    { text: 'is an independent bakery', match: 'is an ' },
    { text: 'ist ein kleines Studio', match: 'ist ein ' },
    { text: 'Somos academia de inglés', match: 'Somos ' },
    { text: 'They do guided sea kayak trips', match: 'They do ' },
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
  re: /\s(?:for|in|across|from|with|to|at|on|near|since|who|that|which|selling|placing|covering|based|para|en(?! mano\b)|con|desde|que|für|in|mit|seit|aus|die|der|pour|avec|depuis|qui|dans|ab)\s|,(?!\d)|[.;:(]|\s\p{Extended_Pictographic}/iu,
  examples: [
    { text: 'electric scooters for commuters', match: ' for ' },
    { text: 'Möbel nach Maß, vom Entwurf', match: ',' },
    { text: 'garden design', match: null },
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
