import type { Catalogue } from '../catalogue.ts';

/** Spanish (tú, as Spanish-language ads address the reader). */
export const es: Catalogue = {
  locale: 'es',
  messages: {
    'hook.question': '¿{lead}? {support}',
    'hook.belief': '¿Crees que {belief}? {support}',
    'hook.statement': '{lead}.',
    'hook.pair': '{lead}. {support}',
    'hook.business': '{business}: {lead}.',
    'hook.youGet': 'Con {business}: {lead}.',
    'hook.subject': '{business} {lead}.',
    'hook.callout': 'Para {audience}: {lead}.',
    'hook.offer': '{lead}. {support}',
    'name.pain': 'Problema · {topic}',
    'name.proof': 'Prueba · {topic}',
    'name.differentiator': 'Diferencia · {topic}',
    'name.objection': 'Objeción · {topic}',
    'name.offer': 'Oferta · {topic}',
    'name.audience': 'Público · {topic}',
    'name.how': 'Cómo funciona · {topic}',
    'name.comparison': 'Comparación · {topic}',
    'name.guarantee': 'Garantía · {topic}',
    'name.price': 'Precio · {topic}',
    'name.benefit': 'Beneficio · {topic}',
    'name.pair': '{first} + {second}',
    'direction.lead': 'Abre con las palabras del brief: «{fact}».',
    'direction.support':
      '{count, plural, one {Refuérzalo con # dato más del brief.} other {Refuérzalo con # datos más del brief.}}',
    'direction.tone': 'Tono: {tone}.',
    'visual.style': '{subject}; {treatment}',
    'warning.noFit':
      'Ningún texto para {field} cabe en {platform} ({limit} caracteres) con las reglas de copy; se usa el nombre del negocio.',
    'warning.ctaReplaced':
      'El CTA "{given}" no cabe en el botón de {limit} caracteres de {platform} o incumple las reglas; se usa "{cta}" (la misma intención).',
  },
  cta: {
    book: 'Reserva ya',
    quote: 'Pide presupuesto',
    shop: 'Compra ya',
    join: 'Únete ya',
    apply: 'Solicítalo',
    contact: 'Contáctanos',
    learn: 'Más información',
    donate: 'Dona ahora',
  },
  question: { open: '¿', close: '?' },
  stop: '.',
  voice: {
    pronouns: [
      ['sus', 'tus'],
      ['su', 'tu'],
      // "que el banco les diga que no" → "te diga": the object pronoun, never an article in Spanish.
      ['les', 'te'],
    ],
    // None: the verb after "los clientes" is conjugated for them, and "tú" needs another form
    // ("Tú están cansados …"). A fact about customers is kept as written.
    genericSubjects: '(?!)',
    clauseSubjects:
      '(?:la gente|los clientes|las personas|los usuarios|nuestros clientes|muchos \\p{L}+|ellos|ellas)',
    askableOpening:
      '^(?:(?:un|una|unos|unas|el|la|los|las|sin|tener que|miedo|crees que) |no \\p{L}+(?:ar|er|ir)(?:se)? |\\p{L}+(?:ar|er|ir)(?:se)?(?![\\p{L}]))',
    reader: 'tú',
    relativeStrip: '(?:que|quienes) ',
    leadingConnective:
      '(?:(?:(?:ah|oh|por cierto),?\\s+)?(?:además|y|también|por eso|por ello|así que)|(?:ah|oh|por cierto),?)',
    reportingFrame:
      '(?:en esta campaña,? (?:promovemos|destacamos|impulsamos|ofrecemos)|(?:la |nuestra |su )?(?:mayor|principal) (?:queja|objeción|preocupación|duda|miedo) (?:que (?:oímos|vemos|escuchamos) )?(?:es|son)(?: que)?|lo que más (?:temen|les preocupa|odian)(?: (?:a )?(?:los|las|nuestros|nuestras) \\p{L}+)?(?: (?:es|son)(?: que)?|\\s*:)|lo que más (?:valoran|aprecian|les gusta)(?: (?:a )?(?:los|las|nuestros|nuestras) \\p{L}+)?(?: (?:es|son)|\\s*:)|nuestros datos dicen que)\\s+',
    audienceSays:
      '(?:(?:nuestros |los |muchos )?\\p{L}+ nos (?:dicen|cuentan|repiten|preguntan)(?: que)?:?)\\s+',
    positioning:
      '(?:=|\\b(?:es|son)) nuestro (?:mejor |principal )?(?:nicho|segmento)\\b|^(?:nuestros )?\\p{L}+ son (?:sobre todo|principalmente|mayoritariamente) |^(?:los |las |nuestros |nuestras )?\\p{L}+ suelen (?:venir|llegar|ser) |\\b(?:sobre todo|principalmente|mayoritariamente)$',
    ratingOn: 'en',
    rivalLead: '(?:a diferencia de|frente a|comparad[oa]s? con|en comparación con) [^,;:]{1,60}[,;:]\\s*',
    relativeUnusable: '(?:cuyo|cuya|cuyos|cuyas|donde|el cual|la cual|eso es|esto es) ',
    feeling: [
      {
        pattern:
          '^(?:ellos |ellas |(?:muchos|muchas|los|las|nuestros|nuestras|algunos) \\p{L}+ )?(?:tienen|tenían|tenian) miedo (a|de)\\s',
        replace: 'miedo $1 ',
      },
      // What is feared, after "Lo que más les preocupa:": "que el banco diga que no" → "¿Miedo a
      // que el banco diga que no?"
      { pattern: '^que (?=\\p{L})', replace: 'miedo a que ' },
      // What they believe, asked of the reader: "Muchos alumnos creen que no tienen talento" →
      // "¿Crees que no tienes talento?" (a regular present's ending turned to "tú").
      ...(['án:ás', 'an:as', 'en:es'] as const).map((endings) => {
        const [they, you] = endings.split(':');
        return {
          pattern: `^(?:muchos|muchas|los|las|nuestros|nuestras|algunos|algunas) \\p{L}+ creen que (no )?(\\p{L}+)${they}(?![\\p{L}])`,
          replace: `crees que $1$2${you}`,
        };
      }),
    ],
    pointsBack:
      '\\b(?:ayuda con eso|lo (?:soluciona|resuelve|cubre)|(?:soluciona|resuelve|cubre) eso|eso no (?:pasa|ocurre|sucede))$',
  },
  clauseSplit: '(?:,\\s+y\\s+|;\\s*|:\\s+(?![^\\p{L}]{0,3}\\d)|\\.\\s+(?=\\p{Lu})|\\s+porque\\s+)',
  nounsCapitalised: false,
  shorthand: [
    { pattern: '<\\s?(?=\\d)', to: 'menos de ', example: ['todas de <3 años', 'todas de menos de 3 años'] },
    { pattern: '>\\s?(?=\\d)', to: 'más de ', example: ['>200 reseñas', 'más de 200 reseñas'] },
    { pattern: '→', to: '–', example: ['sin esperas → entra y sal', 'sin esperas – entra y sal'] },
    { pattern: 'aprox\\.', to: 'aproximadamente', example: ['aprox. 40 %', 'aproximadamente 40 %'] },
    {
      pattern: 'm[ií]n\\.(?=\\s\\p{L})',
      to: 'mínimo',
      example: ['sin mín. de pedido', 'sin mínimo de pedido'],
    },
    { pattern: 'm[aá]x\\.(?=\\s\\p{L})', to: 'máximo', example: ['máx. personas', 'máximo personas'] },
    { pattern: 'c\\/u', to: 'cada uno', example: ['20 € c/u', '20 € cada uno'] },
    { pattern: 'p\\/(?=\\s)', to: 'para', example: ['4 plazas p/ dormir', '4 plazas para dormir'] },
    { pattern: 'dto\\.', to: 'descuento', example: ['10 % dto. en julio', '10 % descuento en julio'] },
    {
      pattern: '^incl\\.\\s?:?',
      to: 'Incluye',
      example: ['Incl.: toallas y sábanas', 'Incluye toallas y sábanas'],
    },
    { pattern: 'incl\\.', to: 'incluido', example: ['IVA incl.', 'IVA incluido'] },
    { pattern: '(?<=\\d\\s?)hrs?', to: 'horas', example: ['en 24 hrs', 'en 24 horas'] },
  ],
  firstPerson: {
    opening: '(?:somos|tenemos|estamos|nuestr[oa]s?|nosotros)\\s',
    named: [
      ['somos\\s', 'es '],
      ['tenemos\\s', 'tiene '],
      ['estamos\\s', 'está '],
    ],
  },
  childWords: ['niños', 'niñas', 'hijos', 'hijas', 'bebés', 'adolescentes'],
  topicStopwords: [
    'uno',
    'unos',
    'unas',
    'son',
    'como',
    'pero',
    'cada',
    'todo',
    'todos',
    'usted',
    'ustedes',
    'tiene',
    'tienen',
    'hay',
    'cuando',
    'desde',
    'entre',
    'sobre',
    'también',
    'siempre',
  ],
};
