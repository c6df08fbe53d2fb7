import type { Pattern } from './types.ts';

/**
 * Figures as briefs write them. Each match is kept exactly as written, with its symbols, unit and
 * separators ("4,8/5", "15.000", "94 %", "AUD 249", "48 hours"), so no figure is re-formatted
 * or misread downstream: a rating keeps its scale. Where matches overlap, the longest wins (a
 * rating over its bare number, a range over its ends). Counts, prices and years do not take the
 * noun after them; durations and measurements keep their unit.
 */
/** A number as written: "1,240", "15.000", "4,8", and French or German "2 500" with a (narrow) space. */
const N = String.raw`(?:\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d])|\d+(?:[.,]\d+)*)`;
const CUR = String.raw`(?:AUD|USD|NZD|CAD|MXN|EUR|GBP|CHF|US\$|A\$|C\$|£|\$|€)`;
const UNIT_WORDS = String.raw`(?:hours?|hrs?|minutes?|mins?|seconds?|secs?|business days|working days|school days|days?|nights?|weeks?|wks?|months?|mos?|years?|yrs?|horas?|minutos?|segundos?|días (?:hábiles|laborables)|días|día|noches?|semanas?|meses|mes|años?|Werktage[n]?|Arbeitstage[n]?|Stunden?|Std\.?|Minuten|Min\.?|Sekunden|Tage[n]?|Tag|Nächte[n]?|Nacht|Wochen|Woche|Monate[n]?|Monat|Jahre[n]?|Jahr|jours? ouvr(?:és|ables)|heures?|minutes|secondes?|jours?|nuits?|semaines?|mois|ans|années?|km|miles?|kilometres?|kilometers?|kilómetros|Kilometer|metres?|meters?|metros?|Meter|mètres?|kg|lbs?|sq ?ft|square (?:feet|metres|meters))`;
const UNIT_SYMBOLS =
  '(?:kW|kWh|MW|W|Hz|kHz|GHz|[GMk]bps|Gbit\\/s|Mbit\\/s|Gb\\/s|Mb\\/s|ms|mm|cm|m²|m2|m|mi|ft|ml|cl|l|L|g|kg|oz|GB|TB|mAh|V|°C|°F)';
const MONTHS =
  '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|Januar|Februar|März|Mai|Juni|Juli|Oktober|Dezember|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)';
/**
 * A month by its full name ("April to October", "Open May–Sept"): a date, never a place after a
 * comma ("in Pembrokeshire, April to October") nor what is sold.
 */
export const MONTH_NAME: Pattern = {
  id: 'month-name',
  re: /^(?:January|February|March|April|May|June|July|August|September|October|November|December|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|Januar|Februar|März|Mai|Juni|Juli|Oktober|Dezember|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)(?![\p{L}])/iu,
  examples: [
    { text: 'April to October', match: 'April' },
    { text: 'mayo a septiembre', match: 'mayo' },
    { text: 'Mayfair', match: null },
  ],
};

const RANGE_JOIN = String.raw`(?:\s?[-–]\s?|\s(?:to|a|und|bis|à|et|y)\s)`;

export const FIGURE_PATTERNS: readonly Pattern[] = [
  {
    id: 'rating',
    re: /\b\d{1,3}(?:[.,]\d{1,2})?\s?\/\s?(?:5|10|20|100)(?:[.,]0)?\b/,
    examples: [
      { text: 'rated 4.3/5 on a review site', match: '4.3/5' },
      { text: 'valoración 4,2/5', match: '4,2/5' },
      { text: 'open 24/7', match: null },
      { text: 'scored 10/10 by judges', match: '10/10' },
      { text: 'a 92/100 score', match: '92/100' },
      { text: 'scored 4.8/5.0 overall', match: '4.8/5.0' },
    ],
  },
  {
    id: 'rating-stars',
    re: /\b\d(?:[.,]\d)?(?:\s?(?:stars?|estrellas|Sterne[n]?|étoiles)\b|\s?★)/u,
    examples: [
      { text: 'rated 4.4 stars by guests', match: '4.4 stars' },
      { text: '4,1 estrellas en total', match: '4,1 estrellas' },
      { text: 'a 4.6★ average', match: '4.6★' },
    ],
  },
  {
    id: 'money',
    re: new RegExp(
      String.raw`(?:${CUR}\s?${N}(?:\s?(?:[-–]|to|a|bis|à)\s?${CUR}?\s?${N})?(?:\+|k\b|m\b)?(?:\s(?:MXN|USD|AUD|CAD|NZD|EUR|GBP|CHF)\b)?(?:\s?\/\s?\p{L}[\p{L}.]{0,11})?|${N}(?:\s?(?:[-–]|und|bis|a|à)\s?${N})?\s?(?:€|£|\$|EUR|euros?|Euro|USD|MXN|AUD|CAD|NZD|GBP|CHF|pesos)(?:\s?\/\s?\p{L}[\p{L}.]{0,11})?)`,
      'u',
    ),
    examples: [
      { text: 'a bill over AUD 410 a month', match: 'AUD 410' },
      { text: 'only $17.50/month', match: '$17.50/month' },
      { text: 'classes at £12/session', match: '£12/session' },
      { text: 'from €89/pers.', match: '€89/pers.' },
      { text: 'ab 7.400 € im Jahr', match: '7.400 €' },
      { text: 'à partir de 2 500 € HT', match: '2 500 €' },
      { text: 'solo 39 €/mes', match: '39 €/mes' },
      { text: 'desde 65 €/noche', match: '65 €/noche' },
      { text: 'ab 12 €/Tag', match: '12 €/Tag' },
      { text: 'zwischen 5.000 und 9.000 € pro Auftrag', match: '5.000 und 9.000 €' },
      { text: 'costs £6,450 total', match: '£6,450' },
      { text: 'jobs run £800–£1,200', match: '£800–£1,200' },
      { text: 'from $40 to $65 a night', match: '$40 to $65' },
      { text: 'MXN 3,300 al mes', match: 'MXN 3,300' },
      { text: 'desde $1,250 MXN al mes', match: '$1,250 MXN' },
    ],
  },
  {
    id: 'rating-out-of',
    re: /\b\d{1,3}(?:[.,]\d{1,2})?\s(?:out of|de cada|de|sur|von|aus)\s(?:5|10|100)\b/u,
    examples: [
      { text: 'rated 4.8 out of 5 by guests', match: '4.8 out of 5' },
      { text: 'noté 4,6 sur 5', match: '4,6 sur 5' },
      { text: 'valorado con 4,6 de 5', match: '4,6 de 5' },
      { text: '9 out of 10 owners', match: '9 out of 10' },
    ],
  },
  {
    id: 'magnitude',
    re: new RegExp(
      String.raw`${N}\s?(?:k|K|bn|million|millions|millón|millones|mil|Mio\.|Mrd\.|milliards?|millions?)(?![\p{L}])`,
      'u',
    ),
    examples: [
      { text: 'más de 3 mil clientes', match: '3 mil' },
      { text: 'over 1.5 million downloads', match: '1.5 million' },
      { text: 'mit 2,5 Mio. Kunden', match: '2,5 Mio.' },
      { text: 'in 3 miles', match: null },
    ],
  },
  {
    id: 'time-of-day',
    re: /\b\d{1,2}h\d{2}\b|\b\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.|Uhr|h)(?![\p{L}])/u,
    examples: [
      { text: 'order by 2pm for same-day', match: '2pm' },
      { text: 'ouvert jusqu’à 18h30', match: '18h30' },
      { text: 'bis 20 Uhr geöffnet', match: '20 Uhr' },
      { text: 'answers within 24h', match: '24h' },
    ],
  },
  {
    id: 'ordinal-or-rank',
    re: /(?:#|\bNo\.\s?|\bNr\.\s?|\bn°\s?)\d+\b|\b\d+(?:st|nd|rd|th|er|ère|ème|º|ª)(?![\p{L}])/u,
    examples: [
      { text: 'the #1 rated clinic', match: '#1' },
      { text: 'our 2nd site', match: '2nd' },
      { text: 'le 1er réseau', match: '1er' },
      { text: 'No. 1 in town', match: 'No. 1' },
    ],
  },
  {
    id: 'multiplier-or-ratio',
    re: /\b\d+(?:[.,]\d)?x\b|\bx\d+\b|\b\d+:\d+(?=s?\b)/u,
    examples: [
      { text: 'cleans 2x faster', match: '2x' },
      { text: 'coaching 1:1 sessions', match: '1:1' },
      { text: 'weekly 1:1s with a coach', match: '1:1' },
      { text: 'plain 12', match: null },
    ],
  },
  {
    id: 'percent',
    re: new RegExp(String.raw`${N}(?:\s?%?${RANGE_JOIN}${N})?\s?%`),
    examples: [
      { text: '81 % der Gäste', match: '81 %' },
      { text: 'save 10% today', match: '10%' },
      { text: 'bills cut 20-30% a year', match: '20-30%' },
      { text: 'entre 15 y 20 %', match: '15 y 20 %' },
    ],
  },
  {
    id: 'always-on',
    re: /\b24\/7\b|\b24\/365\b/,
    examples: [{ text: 'monitoring 24/7 by people', match: '24/7' }],
  },
  {
    id: 'ratio',
    re: /\b\d+\s(?:in|of|de|von|sur)\s\d+\b/,
    examples: [
      { text: '3 in 4 customers', match: '3 in 4' },
      { text: 'only a count 12', match: null },
    ],
  },
  {
    id: 'date',
    re: new RegExp(
      String.raw`\b(?:\d{1,2}(?:st|nd|rd|th|er)?\.?\s(?:de\s|of\s)?${MONTHS}|${MONTHS}(?:(?<!\p{L}{5})\.)?\s\d{1,2}(?:st|nd|rd|th)?(?![.,]\d))(?:,?\s(?:de\s)?\d{4})?\b|\b\d{1,2}[./]\d{1,2}[./](?:\d{4}|\d{2}\b)|\b\d{1,2}\.\d{1,2}\.(?!\d)|\b\d{4}\/\d{2}\b`,
      'u',
    ),
    examples: [
      { text: 'deux séances en août. 4,8 sur Google', match: null },
      { text: 'orders ship Mar 3.', match: 'Mar 3' },
      { text: 'hasta el 14 de marzo', match: '14 de marzo' },
      { text: 'gültig bis 15. Mai', match: '15. Mai' },
      { text: 'register by 9 June', match: '9 June' },
      { text: 'sailing 30 June 2026 only', match: '30 June 2026' },
      { text: 'book by June 30, 2026.', match: 'June 30, 2026' },
      { text: 'dès le 1er mars', match: '1er mars' },
      { text: 'Start am 15.09.2026', match: '15.09.2026' },
      { text: 'the 2025/26 season', match: '2025/26' },
      { text: 'from Sept. 4', match: 'Sept. 4' },
      { text: 'Open April to October. 4.9 on Google', match: null },
    ],
  },
  {
    id: 'range-with-unit',
    re: new RegExp(String.raw`\b${N}${RANGE_JOIN}${N}\s?(?:${UNIT_WORDS}|${UNIT_SYMBOLS})(?![\p{L}])`, 'u'),
    examples: [
      { text: 'done in 2-3 weeks part-time', match: '2-3 weeks' },
      { text: 'stays of 3 to 5 nights', match: '3 to 5 nights' },
      { text: '6-8 hours a week', match: '6-8 hours' },
    ],
  },
  {
    id: 'range',
    re: new RegExp(String.raw`\b${N}${RANGE_JOIN}${N}(?![\d\p{L}])`, 'u'),
    examples: [
      { text: 'tenants aged 21-35 in', match: '21-35' },
      { text: 'niños de 6 a 12 años', match: '6 a 12' },
      { text: 'Leute zwischen 40 und 55', match: '40 und 55' },
      { text: 'de 25 à 45 ans', match: '25 à 45' },
    ],
  },
  {
    id: 'quantity-with-unit',
    re: new RegExp(
      String.raw`\b${N}\+?(?:[-\s]?(?:${UNIT_WORDS})(?:-old)?(?![\p{L}])|\s?${UNIT_SYMBOLS}(?![\p{L}\d]))`,
      'u',
    ),
    examples: [
      { text: 'booked within 36 hours', match: '36 hours' },
      { text: 'a 60-night trial', match: '60-night' },
      { text: 'a 7-year-old brand', match: '7-year-old' },
      { text: 'the 4.2kW unit', match: '4.2kW' },
      { text: '15+ yrs in trade', match: '15+ yrs' },
      { text: '1,000Hz tone', match: '1,000Hz' },
      { text: '500Mbps broadband', match: '500Mbps' },
      { text: 'Glasfaser mit 1 Gbit/s', match: '1 Gbit/s' },
      { text: 'más de 8 años de experiencia', match: '8 años' },
      { text: '3 × 60 Minuten', match: '60 Minuten' },
      { text: 'Lieferung in 10 Werktagen', match: '10 Werktagen' },
      { text: 'entrega en 5 días hábiles', match: '5 días hábiles' },
      { text: 'livré en 3 jours ouvrés', match: '3 jours ouvrés' },
      { text: 'desde 2 noches', match: '2 noches' },
      { text: 'au moins 1 jour', match: '1 jour' },
      { text: 'mindestens 1 Woche', match: '1 Woche' },
      { text: 'a 2,400 sq ft home', match: '2,400 sq ft' },
    ],
  },
  {
    id: 'hyphenated',
    re: /\b\d+(?:[.,]\d+)?\+?-\p{L}+(?:-\p{L}+)*/u,
    examples: [
      { text: 'sold in 6-packs of bottles', match: '6-packs' },
      { text: 'a 12-year frame warranty', match: '12-year' },
      { text: 'book a 15-minute call', match: '15-minute' },
      { text: 'ages 8-14', match: null },
    ],
  },
  {
    id: 'deal',
    re: /\b\d+\s?(?:[x×]|for|por|für|pour)\s?\d+(?![\d\p{L}])/u,
    examples: [
      { text: 'pints are 2 for 1 on Mondays', match: '2 for 1' },
      { text: 'promoción 2x1 en entradas', match: '2x1' },
      { text: '3 für 2 auf alles', match: '3 für 2' },
      { text: 'open 7 days', match: null },
    ],
  },
  {
    id: 'time-range',
    re: /\b\d{1,2}(?:[:.h]\d{2})?\s?(?:am|pm|h|Uhr)?\s?[-–]\s?\d{1,2}(?:[:.h]\d{2})?\s?(?:am|pm|h|Uhr)(?![\p{L}])/u,
    examples: [
      { text: 'open 7am-7pm daily', match: '7am-7pm' },
      { text: 'geöffnet 8-20 Uhr', match: '8-20 Uhr' },
      { text: 'de 9h30-18h en semaine', match: '9h30-18h' },
      { text: 'ages 8-14', match: null },
    ],
  },
  {
    id: 'times',
    re: /\b\d+\s?[×x]\s?\d+\s?(?:Minuten|minutes|min|minutos)\b/u,
    examples: [{ text: 'für 3 × 60 Minuten', match: '3 × 60 Minuten' }],
  },
  {
    id: 'name-with-digits',
    re: /\b(?:[A-Z]{1,4}\s?\d+[A-Z]?|\d+D)\b/,
    examples: [
      { text: 'ISO 9001 certified', match: 'ISO 9001' },
      { text: 'the X5 is our first', match: 'X5' },
      { text: 'plan it in 3D first', match: '3D' },
      { text: 'plain 300 here', match: null },
    ],
  },
  {
    id: 'plus',
    re: new RegExp(String.raw`\b${N}\+`),
    examples: [
      { text: 'from 350+ reviews', match: '350+' },
      { text: 'over 1,800+ a year', match: '1,800+' },
    ],
  },
  {
    id: 'top',
    re: /\b(?:top|Top)\s\d+\b/,
    examples: [{ text: 'ranked top 50 nationally', match: 'top 50' }],
  },
  {
    id: 'phone',
    re: /(?:\+\d{1,3}\s?)?\(?\b0?\d{2,5}\)?[\s.-]\d{3,4}[\s.-]\d{3,4}\b/u,
    examples: [
      { text: 'call 0800 123 4567 today', match: '0800 123 4567' },
      { text: 'ring +44 113 496 0000', match: '+44 113 496 0000' },
      { text: 'since 1987 with 312 reviews', match: null },
    ],
  },
  {
    id: 'number',
    re: new RegExp(String.raw`\b${N}`),
    examples: [
      { text: 'since 2003', match: '2003' },
      { text: 'más de 42.000 pedidos', match: '42.000' },
      { text: 'no digits', match: null },
    ],
  },
];
