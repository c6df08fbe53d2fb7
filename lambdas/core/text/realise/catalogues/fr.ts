import type { Catalogue } from '../catalogue.ts';

/** French (vous). A narrow no-break space stands before "?" and ":" as French typography wants. */
export const fr: Catalogue = {
  locale: 'fr',
  messages: {
    'hook.question': '{lead}\u202f? {support}',
    'hook.statement': '{lead}.',
    'hook.pair': '{lead}. {support}',
    'hook.business': '{business}\u202f: {lead}.',
    'hook.youGet': 'Avec {business}\u202f: {lead}.',
    'hook.subject': '{business} {lead}.',
    'hook.callout': 'Pour les {audience}\u202f: {lead}.',
    'hook.offer': '{lead}. {support}',
    'name.pain': 'Problème · {topic}',
    'name.proof': 'Preuve · {topic}',
    'name.differentiator': 'Différence · {topic}',
    'name.objection': 'Objection · {topic}',
    'name.offer': 'Offre · {topic}',
    'name.audience': 'Public · {topic}',
    'name.how': 'Comment ça marche · {topic}',
    'name.comparison': 'Comparaison · {topic}',
    'name.guarantee': 'Garantie · {topic}',
    'name.price': 'Prix · {topic}',
    'name.benefit': 'Bénéfice · {topic}',
    'name.pair': '{first} + {second}',
    'direction.lead': 'Ouvrir avec les mots du brief\u202f: «\u202f{fact}\u202f».',
    'direction.support':
      '{count, plural, one {Appuyer avec # autre fait du brief.} other {Appuyer avec # autres faits du brief.}}',
    'direction.tone': 'Ton\u202f: {tone}.',
    'visual.style': '{subject}; {treatment}',
    'warning.noFit':
      'Aucun texte pour {field} ne tient dans {platform} ({limit} caractères) selon la politique de rédaction ; le nom de l’entreprise le remplace.',
    'warning.ctaReplaced':
      'Le CTA « {given} » ne tient pas dans le bouton de {limit} caractères sur {platform} ou enfreint la politique ; « {cta} » (la même intention) le remplace.',
  },
  cta: {
    book: 'Réserver',
    quote: 'Demander un devis',
    shop: 'Acheter',
    join: "S'inscrire",
    apply: 'Postuler',
    contact: 'Nous contacter',
    learn: 'En savoir plus',
    donate: 'Faire un don',
  },
  question: { open: '', close: '\u202f?' },
  stop: '.',
  voice: {
    pronouns: [],
    genericSubjects: '(?:les gens|les clients)',
    reader: 'vous',
    relativeStrip: '(?:qui) ',
    leadingConnective: '(?:et|aussi|plus)',
    relativeUnusable: '(?:dont|où|lequel|laquelle) ',
  },
  clauseSplit: '(?:,\\s+et\\s+|;\\s*|\\s:\\s+|\\.\\s+(?=\\p{Lu})|\\s+parce qu(?:e\\s+|’))',
  nounsCapitalised: false,
};
