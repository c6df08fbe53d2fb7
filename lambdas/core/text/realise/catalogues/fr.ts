import type { Catalogue } from '../catalogue.ts';

/** French (vous). A narrow no-break space stands before "?" and ":" as French typography wants. */
export const fr: Catalogue = {
  locale: 'fr',
  messages: {
    'hook.question': '{lead}\u202f? {support}',
    'hook.belief': 'Vous pensez que {belief}\u202f? {support}',
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
    // None: the verb after "les clients" is conjugated for them, and "vous" needs another form
    // ("Vous se plaignent …"). A fact about customers is kept as written.
    genericSubjects: '(?!)',
    clauseSubjects: "(?:les gens|les clients|nos clients|beaucoup (?:de |d['’])\\p{L}+|ils|elles|on)",
    askableOpening:
      "^(?:(?:un|une|des|le|la|les|ne|sans|devoir|peur|crainte) |l['’]|\\p{L}+(?:er|ir|re)(?![\\p{L}]))",
    reader: 'vous',
    relativeStrip: '(?:qui) ',
    leadingConnective:
      "(?:(?:(?:ah|oh|au fait|d’ailleurs),?\\s+)?(?:et|aussi|en plus|de plus|c'est pourquoi|c’est pourquoi|donc)|(?:ah|oh|au fait|d’ailleurs),?)",
    reportingFrame:
      "(?:(?<keep>pour [\\p{L}-]+,?\\s+)?(?:dans cette campagne,?\\s+)?on (?:met|mettra|va mettre) en avant|(?:la |notre |leur )?(?:principale|plus grande) (?:objection|plainte|crainte|inquiétude|peur) (?:que nous (?:entendons|voyons) )?(?:est|c'est)(?: que| de)?|ce qu['’](?:ils|elles) (?:redoutent|craignent) (?:le plus )?, c['’]est|ce (?:que|qu['’]) (?:les |nos )?\\p{L}+ (?:redoutent|craignent)(?: le plus)?\\s?:)\\s+",
    audienceSays:
      "(?:(?:nos |les |beaucoup de )?\\p{L}+ nous (?:disent|racontent|répètent|demandent)(?: qu(?:e|['’]))?\\s?:?)\\s*",
    positioning:
      '(?:=|\\b(?:est|sont)) notre (?:meilleur |principal )?(?:niche|segment|cœur de cible)\\b|^(?:nos )?\\p{L}+ sont (?:surtout|principalement|majoritairement) |\\b(?:surtout|principalement|majoritairement)$',
    ratingOn: 'sur',
    rivalLead: '(?:contrairement à|à la différence de|comparé à|par rapport à|face à) [^,;:]{1,60}[,;:]\\s*',
    relativeUnusable: "(?:dont|où|lequel|laquelle|c'est ce qu|c’est ce qu|c'est ça) ",
    feeling: [
      {
        pattern:
          "^(?:ils|elles|on|(?:beaucoup de|les|nos|certains|la plupart des) \\p{L}+) (?:ont|avaient|a|avait) (?:souvent |toujours |parfois )?peur (de |des |du |d['’])",
        replace: 'peur $1',
      },
      {
        pattern: "^(?:ils|elles|on) (?:craignent|redoutent|craignaient|redoutaient) (de |d['’])",
        replace: 'peur $1',
      },
      // "Nos clients craignent les factures surprises" → "Peur des factures surprises ?"
      {
        pattern:
          '^(?:ils|elles|(?:beaucoup de|les|nos|certains|la plupart des) \\p{L}+) (?:craignent|redoutent) les ',
        replace: 'peur des ',
      },
      {
        pattern:
          '^(?:ils|elles|(?:beaucoup de|les|nos|certains|la plupart des) \\p{L}+) (?:craignent|redoutent) le ',
        replace: 'peur du ',
      },
      {
        pattern:
          "^(?:ils|elles|(?:beaucoup de|les|nos|certains|la plupart des) \\p{L}+) (?:craignent|redoutent) (la |l['’])",
        replace: 'peur de $1',
      },
      // What is feared, after "Leur crainte :": "que le prix explose" → "Peur que le prix explose ?"
      { pattern: '^que (?=\\p{L})', replace: 'peur que ' },
      { pattern: "^qu['’](?=\\p{L})", replace: "peur qu'" },
    ],
    pointsBack:
      "\\b(?:y (?:répond|remédie)|(?:règle|résout|couvre) (?:ça|cela)|ce n['’]est plus un problème)$",
  },
  clauseSplit:
    '(?:,\\s+et\\s+|;\\s*|\\s:\\s+(?![^\\p{L}]{0,3}\\d)|\\.\\s+(?=\\p{Lu})|\\s+parce qu(?:e\\s+|’))',
  nounsCapitalised: false,
  shorthand: [
    { pattern: '<\\s?(?=\\d)', to: 'moins de ', example: ['tous de <3 ans', 'tous de moins de 3 ans'] },
    { pattern: '>\\s?(?=\\d)', to: 'plus de ', example: ['>200 avis', 'plus de 200 avis'] },
    {
      pattern: '→',
      to: '–',
      example: ['sans attente → on entre et on sort', 'sans attente – on entre et on sort'],
    },
    { pattern: 'env\\.', to: 'environ', example: ['env. 40 % des cas', 'environ 40 % des cas'] },
    {
      pattern: 'min\\.(?=\\s\\p{L})',
      to: 'minimum',
      example: ['sans min. de commande', 'sans minimum de commande'],
    },
    { pattern: 'max\\.(?=\\s\\p{L})', to: 'maximum', example: ['max. personnes', 'maximum personnes'] },
    { pattern: 'tjrs', to: 'toujours', example: ['tjrs frais', 'toujours frais'] },
    { pattern: 'bcp', to: 'beaucoup', example: ['bcp de choix', 'beaucoup de choix'] },
    { pattern: 'ts les', to: 'tous les', example: ['ts les mois', 'tous les mois'] },
  ],
  firstPerson: {
    opening: '(?:nous|notre|nos)\\s',
    named: [
      ['nous sommes\\s', 'est '],
      ['nous avons\\s', 'a '],
    ],
  },
  childWords: ['enfants', 'enfant', 'bébés', 'ados', 'adolescents'],
  topicStopwords: [
    'dans',
    'pas',
    'est',
    'sont',
    'nous',
    'vous',
    'leur',
    'leurs',
    'mais',
    'comme',
    'tout',
    'tous',
    'toute',
    'chaque',
    'aussi',
    'toujours',
    'jamais',
    'ont',
    'avez',
  ],
};
