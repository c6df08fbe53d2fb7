import type { Catalogue } from '../catalogue.ts';

/** Spanish (tú, as Spanish-language ads address the reader). */
export const es: Catalogue = {
  locale: 'es',
  messages: {
    'hook.question': '¿{lead}? {support}',
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
    ],
    genericSubjects: '(?:la gente|los clientes|las personas|los usuarios)',
    reader: 'tú',
    relativeStrip: '(?:que|quienes) ',
    leadingConnective: '(?:además|y|también)',
    relativeUnusable: '(?:cuyo|cuya|cuyos|cuyas|donde|el cual|la cual) ',
  },
  clauseSplit: '(?:,\\s+y\\s+|;\\s*|:\\s+|\\.\\s+(?=\\p{Lu})|\\s+porque\\s+)',
  nounsCapitalised: false,
};
