import type { Catalogue } from '../catalogue.ts';

/** German (Sie, as German advertising addresses adults). */
export const de: Catalogue = {
  locale: 'de',
  messages: {
    'hook.question': '{lead}? {support}',
    'hook.belief': 'Sie denken, {belief}? {support}',
    'hook.statement': '{lead}.',
    'hook.pair': '{lead}. {support}',
    'hook.business': '{business}: {lead}.',
    'hook.youGet': 'Bei {business}: {lead}.',
    'hook.subject': '{business} {lead}.',
    'hook.callout': 'Für {audience}: {lead}.',
    'hook.offer': '{lead}. {support}',
    'name.pain': 'Problem · {topic}',
    'name.proof': 'Beleg · {topic}',
    'name.differentiator': 'Unterschied · {topic}',
    'name.objection': 'Einwand · {topic}',
    'name.offer': 'Angebot · {topic}',
    'name.audience': 'Zielgruppe · {topic}',
    'name.how': 'So funktioniert es · {topic}',
    'name.comparison': 'Vergleich · {topic}',
    'name.guarantee': 'Garantie · {topic}',
    'name.price': 'Preis · {topic}',
    'name.benefit': 'Nutzen · {topic}',
    'name.pair': '{first} + {second}',
    'direction.lead': 'Mit den Worten des Briefings beginnen: „{fact}“.',
    'direction.support':
      '{count, plural, one {Mit # weiteren Fakt aus dem Briefing stützen.} other {Mit # weiteren Fakten aus dem Briefing stützen.}}',
    'direction.tone': 'Ton: {tone}.',
    'visual.style': '{subject}; {treatment}',
    'warning.noFit':
      'Kein Text für {field} passt in {platform} ({limit} Zeichen) innerhalb der Texterichtlinie; der Firmenname steht dafür.',
    'warning.ctaReplaced':
      'Der CTA "{given}" passt nicht in den {limit}-Zeichen-Button auf {platform} oder verletzt die Texterichtlinie; stattdessen steht "{cta}" (dieselbe Absicht).',
  },
  cta: {
    book: 'Jetzt buchen',
    quote: 'Angebot anfordern',
    shop: 'Jetzt kaufen',
    join: 'Jetzt beitreten',
    apply: 'Jetzt bewerben',
    contact: 'Kontakt aufnehmen',
    learn: 'Mehr erfahren',
    donate: 'Jetzt spenden',
  },
  question: { open: '', close: '?' },
  stop: '.',
  voice: {
    // The audience's possessive is the reader's, formally ("an ihren Möbeln" → "an Ihren Möbeln").
    pronouns: [
      ['ihren', 'Ihren'],
      ['ihre', 'Ihre'],
      ['ihrem', 'Ihrem'],
      ['ihrer', 'Ihrer'],
      ['ihres', 'Ihres'],
    ],
    genericSubjects: '(?:Kunden|Menschen|Leute)',
    askableOpening:
      '^(?!.*\\s(?:haben|sein|werden|müssen|können|hat|ist|sind)$)(?:Angst, dass |(?:ein|eine|einen|einem|der|die|das|den|dem|kein|keine|keinen) |\\p{Lu}\\p{Ll}+ (?:im|in|am|an|auf|für|mit|nach|von|vor|bei|ohne|über|unter|aus|zum|zur|des|der) )',
    reader: 'Sie',
    relativeStrip: '(?:die|der) (?=[a-zäöüß])',
    leadingConnective:
      '(?:(?:(?:ach|oh|übrigens),?\\s+)?(?:plus|und|außerdem|auch|deshalb|daher|darum)|(?:ach|oh|übrigens),?)',
    reportingFrame:
      '(?:in dieser (?:Kampagne|Aktion),? (?:bewerben|zeigen|präsentieren) wir|(?:der |die |das |ihre |ihr )?(?:größte|häufigste|wichtigste)[nrs]? (?:Einwand|Beschwerde|Sorge|Angst|Problem) (?:ist|sind),?(?: dass)?)\\s+',
    audienceSays:
      '(?:(?:unsere |die |viele )?\\p{L}+ (?:sagen|erzählen|fragen) uns(?: oft| immer wieder| häufig)?,?(?: dass)?:?)\\s+',
    positioning:
      '(?:=|\\b(?:ist|sind)) unsere? (?:beste |wichtigste |größte )?(?:Nische|Zielgruppe|Kernzielgruppe)\\b|^(?:unsere )?\\p{L}+ sind (?:meist|hauptsächlich|vor allem|überwiegend) |(?<![\\p{L}\\d_])(?:hauptsächlich|vor allem|überwiegend)$',
    ratingOn: 'bei',
    rivalLead: '(?:anders als|im Gegensatz zu|verglichen mit|im Vergleich zu) [^,;:]{1,60}[,;:]\\s*',
    relativeUnusable: '(?:deren|dessen|welche|welcher|wo|das ist) ',
    feeling: [
      {
        pattern:
          '^(?:sie |(?:viele|die meisten|manche|einige|unsere) \\p{L}+ )?(?:haben|hatten) Angst (vor|davor|um)\\s',
        replace: 'Angst $1 ',
      },
      // What is feared, after "Ihre größte Sorge:": "dass die Bank nein sagt" → "Angst, dass die
      // Bank nein sagt?"
      { pattern: '^dass (?=\\p{L})', replace: 'Angst, dass ' },
      // "Kunden befürchten oft Schäden an ihren Möbeln" → "Angst vor Schäden an ihren Möbeln?" (a
      // noun without its article only: "vor" would change an article's case).
      {
        pattern:
          '^(?:sie |(?:(?:viele|die meisten|manche|einige|unsere) )?\\p{Lu}\\p{Ll}+ )(?:befürchten|fürchten) (?:oft |häufig |meist |manchmal )?(?=\\p{Lu}\\p{Ll}+ )',
        replace: 'Angst vor ',
      },
    ],
    pointsBack: '\\b(?:hilft (?:da|dabei|dagegen)|löst das|deckt das ab)$',
    inversion: { pattern: '^(\\p{Ll}+) (wir|sie|es|er) ', replace: '$2 $1 ' },
  },
  clauseSplit: '(?:,\\s+und\\s+|;\\s*|:\\s+(?![^\\p{L}]{0,3}\\d)|\\.\\s+(?=\\p{Lu})|,\\s+weil\\s+)',
  nounsCapitalised: true,
  shorthand: [
    { pattern: '<\\s?(?=\\d)', to: 'unter ', example: ['alle <3 Jahre alt', 'alle unter 3 Jahre alt'] },
    { pattern: '>\\s?(?=\\d)', to: 'über ', example: ['>200 Bewertungen', 'über 200 Bewertungen'] },
    {
      pattern: '→',
      to: '–',
      example: ['kein Warten → rein und raus', 'kein Warten – rein und raus'],
    },
    { pattern: 'ca\\.', to: 'etwa', example: ['ca. 40 % der Fälle', 'etwa 40 % der Fälle'] },
    { pattern: 'inkl\\.', to: 'inklusive', example: ['inkl. Montage', 'inklusive Montage'] },
    { pattern: 'zzgl\\.', to: 'zuzüglich', example: ['zzgl. Anfahrt', 'zuzüglich Anfahrt'] },
    { pattern: 'mind\\.', to: 'mindestens', example: ['mind. 2 Stunden', 'mindestens 2 Stunden'] },
    { pattern: 'mtl\\.', to: 'monatlich', example: ['39 € mtl.', '39 € monatlich'] },
    { pattern: 'bzw\\.', to: 'beziehungsweise', example: ['Bad bzw. Küche', 'Bad beziehungsweise Küche'] },
    {
      pattern: '(?<=\\d\\s?)Std\\.',
      to: 'Stunden',
      example: ['in 24 Std. vor Ort', 'in 24 Stunden vor Ort'],
    },
  ],
  firstPerson: {
    opening: '(?:wir|unser|unsere|unseren|unserem|unserer)\\s',
    named: [
      ['wir sind\\s', 'ist '],
      ['wir haben\\s', 'hat '],
      ['wir waren\\s', 'war '],
    ],
  },
  childWords: ['kinder', 'kindern', 'kind', 'babys', 'jugendliche', 'jugendlichen'],
  topicStopwords: [
    'ist',
    'sind',
    'wir',
    'sie',
    'nicht',
    'auch',
    'aber',
    'wie',
    'bei',
    'aus',
    'nach',
    'vor',
    'alle',
    'jede',
    'jeder',
    'mehr',
    'nur',
    'immer',
    'hat',
    'haben',
    'wird',
    'werden',
    'schon',
    'noch',
  ],
};
