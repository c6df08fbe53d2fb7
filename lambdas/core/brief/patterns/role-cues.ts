import type { FactRole } from '../schema.ts';
import type { Pattern } from './types.ts';

/** A cue of a fact's role, for unlabelled facts (brief/roles.ts). */
export type RoleCue = Pattern & { role: FactRole };

/** Roles of unlabelled facts, most specific first: the first cue that matches decides. */
export const ROLE_CUES: readonly RoleCue[] = [
  {
    // A question the audience asks, quoted ("People ask 'What if it rains?'"): their objection,
    // whatever it names (a guarantee, a price).
    id: 'asked',
    role: 'objection',
    re: /(?<![\p{L}])(?:ask(?:s|ed)?(?: us)?|questions?|fragen|Frage|preguntan|pregunta|demandent|question)(?: \p{L}+){0,2}\s?:?\s*["'‘“«„]¿?[^"'’”»“]{3,}\?/iu,
    examples: [
      { text: "People ask 'What if it rains?'", match: "ask 'What if it rains?" },
      {
        text: "Biggest question we get: 'Can you do it this week?'",
        match: "question we get: 'Can you do it this week?",
      },
      {
        text: "Häufige Frage: 'Wie schnell kann ich fertig sein?'",
        match: "Frage: 'Wie schnell kann ich fertig sein?",
      },
      { text: 'Ask about our 5-year guarantee', match: null },
      { text: "Kunden fragen uns oft: 'Kann ich bleiben?'", match: "fragen uns oft: 'Kann ich bleiben?" },
    ],
  },
  {
    id: 'guarantee',
    role: 'guarantee',
    re: /(?<![\p{L}\d_])(?:guarantee[ds]?|warranty|money[- ]back|we re-\w+ free|no fix,? no fee|garant[íi]a|garantizamos|garantiert?|garantieren|Garantie|garantie|garanti[se]?|remboursé)(?![\p{L}\d_])|\b\d+-(?:night|day) (?:trial|risk-free)/iu,
    examples: [
      { text: 'satisfait ou remboursé', match: 'remboursé' },
      { text: 'Boilers carry a 7-year parts warranty', match: 'warranty' },
      { text: 'garantieren wir einen festen Preis', match: 'garantieren' },
      { text: 'a 90-day trial, free returns', match: '90-day trial' },
      { text: 'fast delivery', match: null },
    ],
  },
  {
    // A free amenity is a feature of the place, not an offer ("parking gratuit", "free Wi-Fi").
    id: 'amenity',
    role: 'feature',
    re: /(?<![\p{L}\d])(?:free (?:on-site |street )?(?:parking|wi-?fi)|(?:parking|wi-?fi) gratuit|(?:aparcamiento|parking|wifi) gratis|kostenlose[rns]? (?:parkplätze|parkplatz|parken|wlan))(?![\p{L}\d])/iu,
    examples: [
      { text: 'parking gratuit, accès tram ligne 1', match: 'parking gratuit' },
      { text: 'Free parking on site', match: 'Free parking' },
      { text: 'free parking survey', match: 'free parking' },
    ],
  },
  {
    id: 'offer',
    role: 'offer',
    re: /(?<![\p{L}\d])(?:free (?:[\w-]+ ){0,3}(?:survey|trial|consultation|consult|quote|class|lesson|session|month|week|delivery|inspection|installation|check|pickup|returns?)|first (?:[\w-]+ )?(?:free|for|at)|\d+\s?% off|discount|half price|promo code|this (?:month|week) only|limited time|early[- ]bird|bursary|launch (?:party|offer)|descuento|gratis|(?:a )?mitad de precio|2x1|moitié prix|(?:zum )?halben Preis|primera? \p{L}+ (?:gratis|por|a)|kostenlose?|Rabatt|Aktion|offerte?|gratuite?|remise|réduction|première \p{L}+ à)(?![\p{L}\d])/iu,
    examples: [
      { text: 'free home energy check, same week', match: 'free home energy check' },
      { text: 'First lesson free for everyone', match: 'First lesson free' },
      { text: '15% de descuento en julio', match: 'descuento' },
      { text: 'eine kostenlose Beratung', match: 'kostenlose' },
      { text: 'première séance à 15 €', match: 'première séance à' },
      { text: 'a free mind', match: null },
    ],
  },
  {
    id: 'competitor',
    role: 'competitor',
    re: /\b(?:[Cc]ompetitors?|[Cc]ompared (?:to|with) \p{Lu}[\p{L}\d]+|than (?:\p{Lu}[\p{L}\d]+|leading|other|most|the big)|[Uu]nlike (?:\p{Lu}[\p{L}\d]+|other|most|the)|other (?:local )?(?:practices|agencies|firms|providers|brands)|la competencia|competidores|Wettbewerbern?|Konkurrenz|concurrents?)\b/u,
    examples: [
      { text: 'Compared to Élan Tiles, we quote in a day', match: 'Compared to Élan' },
      { text: 'about $80 less than Acme’s plan', match: 'than Acme' },
      { text: 'where competitors add fees', match: 'competitors' },
      { text: "Compared to Acme they're pricier", match: 'Compared to Acme' },
      { text: 'more than ever', match: null },
    ],
  },
  {
    id: 'proof',
    role: 'proof',
    re: /(?:\d(?:[.,]\d)?\s?\/\s?(?:5|10)\b|\b(?:[1-9]|10)[.,]\d (?:on|en|sur|bei|auf) \p{Lu}|\brate us\b|\bconcours\b|\bmédaille|\blauréat|\bpremio\b|\bganador|\bmedalla|\bsieger|\btestsieger|\bvoted\b|(?<![\p{L}])élue?s?(?![\p{L}])|\belegid[oa]\b|\bgewählt\b|\bmeilleur ouvrier de france\b|\bpass rate\b|\bbestehensquote\b|\berfolgsquote\b|\btaux de réussite\b|\btasa de aprobados\b|\baprobados\b|\bbestanden\b|\bmedaille|\bmedal\b|\b[1-5][.,]\d \p{L}+ \(\d[\d,.]*\)|\b\d(?:[.,]\d)?\s?(?:stars?|estrellas|Sterne|étoiles)\b|\breviews?\b|\bopiniones\b|\breseñas\b|\bvaloraciones\b|[⭐★]|\bBewertungen\b|\bavis\b|\brated\b|\bawards?\b|\bwon\b(?!['’]t)|\bwinner\b|\bgold at\b|\branked\b|\baccredited\b|\bcertified\b|\bapproved\b|\blicensed\b|\bregistered\b|\bmember\b|\bsince \d{4}\b|\bdesde \d{4}\b|\bseit \d{4}\b|\bdepuis \d{4}\b|\b\d+\+? (?:yrs|years) (?:in business|of experience|experience)?|\b\d+\+? (?:yrs|years)\b|\b\d+\s?%\s(?:of|de|der|des)\b|\bmás de [\d.]+|\bover [\d,]+(?!\d|\s*(?:months?|weeks?|days?|hours?|hrs|minutes?|mins?|nights?)\b)|\b(?:est|estd|gegr)\.\s?\d{4}\b|\b(?:customer|client|user|member|patient|guest)s? (?:survey|study)\b|\bn\s?=\s?\d|\bpremiad[oa]|\bausgezeichnet|\bprimé|\bcertifi[ée]|\bzertifiziert|\bacreditad[oa]|\b(?:readers|travell?ers|people)['’]? choice\b|\bliability (?:insurance|cover)\b|\bpublic liability\b(?! (?:insurance|cover))|\bfully insured\b|\bhaftpflicht|\bresponsabilité civile\b|\bseguro de responsabilidad)/iu,
    examples: [
      { text: '4.2/5 on a review site', match: '4.2/5' },
      { text: 'family-run since 2006', match: 'since 2006' },
      { text: 'roofer, est. 2006', match: 'est. 2006' },
      { text: '0% APR over 24 months', match: null },
      { text: '72% of members renew', match: '72% of' },
      { text: 'ISO 27001 certified', match: 'certified' },
      { text: '£5m public liability insurance', match: 'liability insurance' },
      { text: "'Best Value' in the 2024 Readers' Choice", match: "Readers' Choice" },
      { text: 'más de 9.000 pedidos', match: 'más de 9.000' },
      { text: 'books closed 4 days faster (2025 customer survey, n=212)', match: 'customer survey' },
      { text: 'They’re 4.9 on Which? Trusted Traders', match: '4.9 on W' },
      { text: "customers worry it won't work", match: null },
      { text: '4.9 acmereviews (210)', match: '4.9 acmereviews (210)' },
      { text: 'Guests rate us 9.6 on Booking.com', match: 'rate us' },
      { text: 'Meilleure baguette 2024 (concours départemental)', match: 'concours' },
      { text: 'Élue meilleure cave du département', match: 'Élue' },
      { text: 'Aprobados a la primera: 81%', match: 'Aprobados' },
      { text: 'tastes good', match: null },
    ],
  },
  {
    id: 'price',
    role: 'price',
    re: /(?:(?:AUD|USD|MXN|£|\$|€)\s?\d|\d\s?(?:€|euros?)(?![\p{L}])|\b(?:per month|a month|\/month)\b)/iu,
    examples: [
      { text: 'Course is 6 weeks, $180', match: '$1' },
      { text: '35 € par mois', match: '5 €' },
      { text: 'a great team', match: null },
    ],
  },
  {
    id: 'objection',
    role: 'objection',
    re: /\b(?:worr(?:y|ied|ies|ying)|objections?|afraid|anxious|nervous about|concerns?|think (?:it's|they're|we're)|I thought|skeptical|sceptical|too (?:small|expensive|complicated)|preocupa|miedo a|(?:mayor|principal|gran) miedo|temen|dread(?:s|ing)?|put(?:s|ting)? off|(?:think|thinks|say|says|feel|feels|believe|believes) (?:that )?(?:they're|they are|it's|it is|their \p{L}+ (?:are|is|aren't|isn't)|they (?:aren't|can't|won't))|pensent qu|creen que|glauben,? dass|Angst vor|Bedenken|befürchten|peur (?:de|des|du|d['’])|craignent|redoutent)\b/iu,
    examples: [
      { text: 'people worrying the paint will peel', match: 'worrying' },
      { text: 'anxious about hidden costs', match: 'anxious' },
      { text: 'Angst vor hohen Kosten', match: 'Angst vor' },
      { text: 'great views', match: null },
    ],
  },
  {
    id: 'pain',
    role: 'pain',
    re: /(?<![\p{L}\d_])(?:frustrat\w*|complaints?|complain(?:s|ed)? about|worst (?:part|thing|bit)|tired of|sick of|fed up|struggl\w+|stuck|fear|hate|(?<!(?:notre|votre|le|du|de|un|au|leur|son|mon|bon) )pain(?! (?:au|aux|de|du|des|d['’])| (?:clinic|clinics|relief|management|specialists?|treatment|service|services)\b)|(?<!(?:no|not a|never a) )problem|burnt out|stress(?!-free)\w*|hassle|cansad[oa]s? de|problemas?|Ärger|ärgern sich|beschweren sich|se plaignent|se plaint|se quejan|Stress(?!-free)|Frust|müde|marre de|galère|(?<!(?:plus|pas|jamais) un )problème)(?![\p{L}\d_])/iu,
    examples: [
      { text: 'sick of printers that jam', match: 'sick of' },
      { text: 'Kunden ärgern sich oft über Maler', match: 'ärgern sich' },
      { text: 'Pain au levain naturel, farines bio', match: null },
      { text: 'the main complaint in reviews', match: 'complaint' },
      { text: 'a sunny terrace', match: null },
      { text: 'Sports injury and back pain clinic', match: null },
      { text: 'stress-free moves across Leeds', match: null },
    ],
  },
  {
    // A price named by its word only ("costs spiralling"): after the worries, which often name
    // what they fear paying.
    id: 'price-word',
    role: 'price',
    re: /\b(?:price|priced|costs?|precio|Preis|prix|tarif)\b/iu,
    examples: [
      { text: 'Price on request', match: 'Price' },
      { text: 'worried about costs spiralling', match: 'costs' },
      { text: 'great views', match: null },
    ],
  },
  {
    id: 'differentiator',
    role: 'differentiator',
    re: /(?<![\p{L}\d_])(?:only|unique|never|not part of|own (?:staff|team|hospital|fleet)|in-house|independent|no (?:subcontractors|middlemen|call centres?)|family-run|sets us apart|unlike|same \w+ each|sin intermediarios|único|eigene[nm]?|ohne Zwischenhändler|inhabergeführt|seul[e]?|unique)(?![\p{L}\d_])/iu,
    examples: [
      { text: 'el único taller con coche de sustitución', match: 'único' },
      { text: 'all our drivers are our own staff', match: 'own staff' },
      { text: 'mit eigenen Fahrern', match: 'eigenen' },
      { text: 'a nice day', match: null },
    ],
  },
  {
    id: 'benefit',
    role: 'benefit',
    re: /(?<![\p{L}\d_])(?:so (?:you|they|students|members|kids)|pays for itself|saves?|helps?|faster|in (?:just )?\d+ (?:minutes|hours|days)|without|you get|ahorra|spart|économis\w+)(?![\p{L}\d_])/iu,
    examples: [
      { text: 'économisez 30 % sur votre facture', match: 'économisez' },
      { text: 'pays for itself in a season', match: 'pays for itself' },
      { text: 'a tall tree', match: null },
    ],
  },
];
