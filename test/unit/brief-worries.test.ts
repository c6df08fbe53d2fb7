import { beforeAll, describe, expect, it } from 'vitest';
import { extractBrief } from '#core/brief/extract.ts';
import { anglesFromBrief } from '#core/text/brief-angles.ts';
import { loadNlp } from '#core/text/nlp.ts';

/** An invented brief, read as the service reads it: its facts and the hooks planned from them. */
async function read(researchSummary: string, language = 'en', clientName = 'Acme Tours') {
  const brief = await extractBrief({ researchSummary, language, clientName });
  const hooks = (await anglesFromBrief({ ...brief, research_summary: researchSummary })).map((a) => a.hook);
  return { facts: brief.facts.map((f) => `${f.role}: ${f.text}`), hooks };
}

/** Every hook that prints the question is the question followed by its answer. */
function answeredOnly(hooks: readonly string[], question: string, answer: RegExp) {
  const asked = hooks.filter((h) => h.includes(question));
  expect(asked.length, hooks.join('\n')).toBeGreaterThan(0);
  for (const h of asked) expect(h.slice(h.indexOf(question) + question.length)).toMatch(answer);
}

beforeAll(() => loadNlp(), 120_000);

// Agencies report what the audience fears or asks in many shapes: a label with words of its own
// ("Biggest question we get:"), a reporting clause ("People ask …", "Their main pain is …"), an
// arrow between the worry and its answer. The worry is read without them, and a question the
// brief answers in its next note is printed with that answer only.
describe('worries and questions as agencies write them', () => {
  it('reads "Biggest question we get:" as a label and pairs the question with its answer only', async () => {
    const { facts, hooks } = await read(
      "Acme Tours runs guided canoe trips on the Wye. Half-day trip £45 per adult. Rated 4.9 on Google. Groups are max 10. Biggest question we get: 'Can we bring the dog?' Answer: usually yes, we have 12 dog buoyancy aids. Most trips leave from Symonds Yat.",
    );
    expect(facts).toContain("objection: 'Can we bring the dog?'");
    expect(facts.join('\n')).not.toMatch(/question we get/);
    answeredOnly(hooks, "'Can we bring the dog?'", /^ Usually yes, we have 12 dog buoyancy aids\.$/);
    expect(hooks.some((h) => /^Usually yes/.test(h))).toBe(false);
  });

  it('reads "People ask \'…?\'" as an objection, answered by the next note', async () => {
    const { facts, hooks } = await read(
      "Acme Tours runs guided canoe trips on the Wye. Half-day trip £45 per adult. Rated 4.9 on Google. People ask 'What if it rains?' We paddle in the rain, and if the river is too high we refund in full. Groups are max 10.",
    );
    expect(facts.some((f) => f.startsWith('objection:') && f.includes('What if it rains?'))).toBe(true);
    answeredOnly(hooks, "'What if it rains?'", /^ We paddle in the rain/);
    expect(hooks.join('\n')).not.toMatch(/People ask/);
  });

  it('asks a worry without "their main pain is" or "the big worry in winter is", and an arrow splits worry from answer', async () => {
    const { hooks } = await read(
      'Acme Plumbing services boilers in Hull.\n- Boiler service £79\n- Gas Safe registered\n- Rated 4.8 on Google\n- Their main pain is a cold house on a Sunday.\n- The big worry in winter is burst pipes; a yearly check stops that.\n- parents say the worst part is the noise -> we fit quiet pumps, that usually sorts it',
      'en',
      'Acme Plumbing',
    );
    const text = hooks.join('\n');
    expect(text).not.toMatch(/main pain|big worry|worst part|parents say/i);
    expect(text).toMatch(/A cold house on a Sunday\?/);
    answeredOnly(hooks, 'Burst pipes?', /^ A yearly check stops that\.$/);
    answeredOnly(hooks, 'The noise?', /^ We fit quiet pumps, that usually sorts it\.$/);
  });

  it('keeps "45 minutes, not 30" as one claim', async () => {
    const { facts } = await read(
      'Acme Physio treats back pain in Poole.\nWhy us: same-week appointments; every session is 45 minutes, not 30\nRated 4.9 on Google.',
      'en',
      'Acme Physio',
    );
    expect(facts.join('\n')).toMatch(/every session is 45 minutes, not 30/);
    expect(facts.some((f) => /: not 30$/.test(f))).toBe(false);
  });

  it.each([
    [
      'fr',
      'Acme Vélo répare les vélos à Dijon. Révision complète 59 €. 4,9 sur Google (300 avis). Leur crainte : rester sans vélo une semaine. Prêt de vélo pendant la réparation.',
      'objection: rester sans vélo une semaine',
    ],
    [
      'de',
      "Acme Fahrschule in Leipzig. Grundbetrag 390 €. 4,8 Sterne bei Google. Häufige Frage: 'Wie schnell kann ich fertig sein?' Mit dem Ferienkurs in 3 Wochen.",
      "objection: 'Wie schnell kann ich fertig sein?'",
    ],
    [
      'es',
      "Acme Surf, escuela de surf en Somo. Curso de 5 días por 140 €. 4,9 en Google. Pregunta típica: '¿Y si nunca me he puesto de pie en una tabla?' La mayoría lo consigue el primer día.",
      "objection: '¿Y si nunca me he puesto de pie en una tabla?'",
    ],
  ])('reads the worry label of a %s brief, and never prints the label', async (language, summary, fact) => {
    const { facts, hooks } = await read(summary, language, summary.split(/[ ,]/).slice(0, 2).join(' '));
    expect(facts).toContain(fact);
    expect(hooks.join('\n')).not.toMatch(/Leur crainte|Häufige Frage|Pregunta típica/);
  });

  it('reads a note a reply points back at as the worry it is, and backs a worry with the note after it first', async () => {
    const dental = await read(
      'Acme Dental is a private practice in Hove.\n- Invisalign from £2,900\n- Open until 8pm Monday to Thursday\n- 4.9/5 on Google from 600 reviews\n- Patients tell us they put off the dentist for years because of nerves; our sedation option helps there',
      'en',
      'Acme Dental',
    );
    expect(dental.hooks).toContain(
      'You put off the dentist for years because of nerves. Our sedation option helps there.',
    );
    expect(dental.hooks.join('\n')).not.toMatch(/Patients tell us/);
    // "Every bathroom …" shares a word with the worry; the note after it is the answer.
    const tiles = await read(
      'Acme Tiles fits bathrooms in Dover.\n- Every bathroom is designed in our own studio in Deal\n- Rated 4.6/5 from 210 reviews\n- Free design visit\nWhat they worry about: the bathroom being out of action for weeks. We fit in 5 days and leave a working toilet every night.',
      'en',
      'Acme Tiles',
    );
    const asked = tiles.hooks.filter((h) => h.startsWith('The bathroom being out of action for weeks?'));
    expect(asked[0]).toBe(
      'The bathroom being out of action for weeks? We fit in 5 days and leave a working toilet every night.',
    );
  });

  it('asks a worry where no tagger reads the language only when it opens as a question can', async () => {
    const es = await read(
      'Acme Vet, clínica veterinaria en Toledo. Urgencias 24 horas. Consulta 35 €. 4,8 en Google (900 reseñas). Los dueños nos dicen que su mayor miedo es no encontrar a nadie de noche; con urgencias 24 horas eso no pasa.',
      'es',
      'Acme Vet',
    );
    expect(es.hooks).toContain('¿No encontrar a nadie de noche? Con urgencias 24 horas eso no pasa.');
    const fr = await read(
      "Acme Yoga, studio de yoga à Dijon. Cours de vinyasa et yin. Petits groupes de 12 personnes maximum. 4,9 sur Google (310 avis). Beaucoup de débutants nous disent qu'ils ont peur de ne pas être assez souples.",
      'fr',
      'Acme Yoga',
    );
    for (const h of fr.hooks) expect(h).not.toMatch(/^(?:Ils )?[Oo]nt peur .*\?/);
    // "… n'est plus un problème" answers a worry; it is no worry of its own.
    const velo = await read(
      "Acme Vélo répare les vélos à Dijon. Révision complète 59 €. Vélos électriques acceptés. Réparation en 48 h. 4,9 sur Google (300 avis). Leur crainte : rester sans vélo une semaine. Avec le prêt de vélo, ce n'est plus un problème.",
      'fr',
      'Acme Vélo',
    );
    expect(velo.facts).toContain("feature: Avec le prêt de vélo, ce n'est plus un problème");
    answeredOnly(velo.hooks, 'Rester sans vélo une semaine\u202f?', /^ Avec le prêt de vélo/);
  });

  it('backs a worry with the note after it before an offer, and reads "… fix that" as its reply', async () => {
    const { hooks } = await read(
      'Acme Tutors teaches maths in Derby.\n- £42 an hour, no contract\n- All tutors are qualified teachers\n- Students improve by 1.5 grades on average\n- First lesson half price\n- Parents tell us they worry their child will be embarrassed to ask for help in class; 1:1 sessions fix that.',
      'en',
      'Acme Tutors',
    );
    answeredOnly(hooks, 'embarrassed to ask for help in class', /^\? 1:1 sessions fix that\.$/);
    expect(hooks.some((h) => /^1:1 sessions fix that/.test(h))).toBe(false);
  });

  it("prints a result clause after its cause, never alone ahead of the brief's other claims", async () => {
    const { hooks } = await read(
      'Acme Kitchens fits kitchens in Hove.\n- Every kitchen is made in our own workshop, so no flat-pack\n- 10-year guarantee on cabinets\n- Free 3D design visit\n- Rated 4.8 on Houzz\n- We fit in 10 days and leave a working sink by day 2, so you are never without water.',
      'en',
      'Acme Kitchens',
    );
    expect(hooks).toContain(
      'We fit in 10 days and leave a working sink by day 2. You are never without water.',
    );
    expect(hooks.slice(0, 6).some((h) => /^You are never without water/.test(h))).toBe(false);
  });

  it("asks the feeling a worry is told as, in English and German, and keeps a grade's capital", async () => {
    const meals = await read(
      'Acme Kitchen delivers plant-based meal kits across the UK. Recipes take 20-30 minutes. 3 meals for 2 from £29.99 a week. Skip or cancel any week. 4.6 on Trustpilot (5,400 reviews). People worry plant-based means bland — our recipes are written by chefs. A-rated packaging, 100% recyclable.',
      'en',
      'Acme Kitchen',
    );
    expect(meals.hooks).toContain('Worried plant-based means bland? Our recipes are written by chefs.');
    expect(meals.hooks.join('\n')).not.toMatch(/\ba-rated/);
    const dental = await read(
      'Acme Zahnarzt in Ulm. Professionelle Zahnreinigung 89 €. Termine auch samstags. 4,9 Sterne bei Google (310 Bewertungen). Viele Patienten haben Angst vor dem Bohrer; wir nehmen uns Zeit und erklären jeden Schritt.',
      'de',
      'Acme Zahnarzt',
    );
    expect(dental.hooks).toContain('Angst vor dem Bohrer? Wir nehmen uns Zeit und erklären jeden Schritt.');
  });

  it('puts a rating\'s platform after it ("Google: 4,9 ★" → "4,9 ★ en Google"), never two leads', async () => {
    const { hooks } = await read(
      'Acme Óptica, óptica en Cádiz.\n- Gafas graduadas desde 79 €\n- Revisión visual gratuita\n- Entrega en 48 horas\n- Google: 4,9 ★ (430 reseñas)\n- Progresivas desde 199 €',
      'es',
      'Acme Óptica',
    );
    expect(hooks).toContain('Acme Óptica: 4,9 ★ en Google (430 reseñas).');
    expect(hooks.join('\n')).not.toMatch(/Google:/);
  });

  it("backs a worry with the note after it on its line before a fact that only shares a word, and never with the trade's own word", async () => {
    const play = await read(
      'Acme Play, soft play in Dudley.\n- 3-level play frame + separate under-3s zone\n- Weekday entry £6.50 per child\n- 4.7 on Google (1,200+ reviews)\n- Party packages from £12.95 per child\nWhat parents hate: soft plays that are grubby. We deep-clean every night and it shows.',
      'en',
      'Acme Play',
    );
    const asked = play.hooks.filter((h) => h.startsWith('Soft plays that are grubby?'));
    expect(asked[0]).toBe('Soft plays that are grubby? We deep-clean every night and it shows.');
    // "kitchen" is the trade's word: "Every kitchen is made to measure" does not answer the worry.
    const kitchens = await read(
      'Acme Kitchens designs and fits kitchens in Hove.\n- Every kitchen is made to measure in our own workshop\n- 10-year guarantee on cabinets\n- Rated 4.8 on Houzz\n- Free 3D design visit\nWhat they worry about: the kitchen being out of action for weeks.\nWe fit in 10 days and leave a working sink by day 2.',
      'en',
      'Acme Kitchens',
    );
    const first = kitchens.hooks.find((h) => h.startsWith('The kitchen being out of action for weeks?'));
    expect(first).toBe(
      'The kitchen being out of action for weeks? We fit in 10 days and leave a working sink by day 2.',
    );
  });

  it('backs a worry with a fact on its topic before the note on the next line', async () => {
    const { hooks } = await read(
      'Acme Route is field-service scheduling software for plumbing firms.\n- Pain: techs drive across town twice a day\n- Drag-and-drop scheduling\n- Works on any phone\n- 30-day free trial, no card needed\n- Customers cut drive time by 23% on average (2024 data)\n- 4.7 on Capterra',
      'en',
      'Acme Route',
    );
    const first = hooks.find((h) => h.startsWith('Techs drive across town twice a day?'));
    expect(first).toBe(
      'Techs drive across town twice a day? Customers cut drive time by 23% on average (2024 data).',
    );
  });

  it('reads worries told as what people dread, put off, ask us or come with, and a "Nein –" before the answer', async () => {
    const dental = await read(
      'Acme Dental, family dentistry in Slough. New patient exam £99. Same-week appointments. 4.9 on Google (700 reviews). Patients tell us they dread the drill; we offer noise-cancelling headphones.',
      'en',
      'Acme Dental',
    );
    expect(dental.hooks.join('\n')).toMatch(/dread the drill\. We offer noise-cancelling headphones\./);
    const bikes = await read(
      'Acme Fit is a bike-fitting studio in Leeds. 3D fit £220, takes 2.5 hours. Riders usually come with knee pain on long rides. Free re-check within 30 days. 5.0 on Google (140 reviews).',
      'en',
      'Acme Fit',
    );
    expect(bikes.hooks.join('\n')).toMatch(/^Knee pain on long rides\?/m);
    const es = await read(
      "Acme Idiomas, academia de inglés en Cádiz. Grupos de máximo 8 alumnos. Clases desde 65 €/mes. 4,8 en Google. Los padres nos preguntan: '¿Y si mi hijo va más lento que el grupo?' Hacemos una prueba de nivel gratuita.",
      'es',
      'Acme Idiomas',
    );
    answeredOnly(
      es.hooks,
      "'¿Y si mi hijo va más lento que el grupo?'",
      /^ Hacemos una prueba de nivel gratuita\.$/,
    );
    const de = await read(
      "Acme Hundeschule in Ulm. Welpenkurs (6 Stunden) 129 €. Kleine Gruppen, maximal 5 Hunde. 4,9 Sterne bei Google. Häufige Frage: 'Ist mein Hund zu alt?' Nein – wir trainieren Hunde jeden Alters.",
      'de',
      'Acme Hundeschule',
    );
    answeredOnly(de.hooks, "'Ist mein Hund zu alt?'", /^ Wir trainieren Hunde jeden Alters\.$/);
  });

  it('asks what people complain about or are worried about, not what they are', async () => {
    const { hooks } = await read(
      'Acme Glazing fits windows and doors in Kent.\n- 10-year guarantee\n- FENSA registered\n- Rated 4.8 on Google\n- Homeowners often complain about cold draughts and condensation; A-rated double glazing sorts both.\n- Clients are often stressed and worried about costs; we agree fixed prices up front.',
      'en',
      'Acme Glazing',
    );
    answeredOnly(hooks, 'Cold draughts and condensation?', /^ A-rated double glazing sorts both\.$/);
    expect(hooks.some((h) => h.startsWith('Worried about costs? We agree fixed prices up front.'))).toBe(
      true,
    );
    expect(hooks.join('\n')).not.toMatch(/You (?:often complain|are often stressed)/);
  });

  it('asks what French customers fear ("craignent les …" → "Peur des … ?") and answers it with the price note after it', async () => {
    const { hooks } = await read(
      'Acme Plomberie, plombier à Dijon. Dépannage en moins de 2 h, 7 j/7. Entretien de chaudière à partir de 99 €. 4,8 sur Google (420 avis). Nos clients craignent les factures surprises. Nous fixons le prix avant de commencer.',
      'fr',
      'Acme Plomberie',
    );
    expect(hooks).toContain('Peur des factures surprises\u202f? Nous fixons le prix avant de commencer.');
  });

  it('reads a question customers ask under a label of who asks, skips a bare "Ja, gerne", and drops "They\'re proud of their"', async () => {
    const de = await read(
      "Acme Maler in Ulm. Innenanstrich und Tapezieren. Wohnzimmer ab 450 €. 4,9 Sterne bei Google (140 Bewertungen). Kunden fragen uns oft: 'Kann ich zu Hause bleiben, während ihr arbeitet?' Ja, gerne – wir arbeiten staubarm.",
      'de',
      'Acme Maler',
    );
    expect(de.facts).toContain("objection: 'Kann ich zu Hause bleiben, während ihr arbeitet?'");
    answeredOnly(
      de.hooks,
      "'Kann ich zu Hause bleiben, während ihr arbeitet?'",
      /^ Wir arbeiten staubarm\.$/,
    );
    expect(de.hooks.join('\n')).not.toMatch(/Ja, gerne/);
    const en = await read(
      "Acme Builders — extensions in Bath. They're proud of their 98% on-time record over the last 3 years. Fixed-price contracts. FMB member. 4.8 on Checkatrade (230 reviews). Free design consultation.",
      'en',
      'Acme Builders',
    );
    expect(en.hooks).toContain('Acme Builders: 98% on-time record over the last 3 years.');
    const fr = await read(
      "Acme Soutien, soutien scolaire à Dijon. 25 € de l'heure. 4,8 sur Google (95 avis). Premier cours offert. Les parents redoutent la rentrée : nous préparons chaque enfant avec deux séances en août.",
      'fr',
      'Acme Soutien',
    );
    expect(fr.facts).toContain('proof: 4,8 sur Google (95 avis)');
    expect(fr.hooks).toContain(
      'Peur de la rentrée\u202f? Nous préparons chaque enfant avec deux séances en août.',
    );
  });

  it('asks a worry said as what is feared ("que …", "dass …") with the feeling, and keeps its "que"', async () => {
    const es = await read(
      'Acme Hipotecas, bróker hipotecario en Cádiz. Comparamos 15 bancos por ti. 4,8 en Google (120 opiniones). Lo que más les preocupa: que el banco les diga que no. Nuestra respuesta: estudio de viabilidad gratuito en 48 h.',
      'es',
      'Acme Hipotecas',
    );
    expect(es.facts).toContain('objection: que el banco les diga que no');
    expect(es.facts).toContain('benefit: estudio de viabilidad gratuito en 48 h');
    expect(es.hooks).toContain(
      '¿Miedo a que el banco te diga que no? Estudio de viabilidad gratuito en 48 h.',
    );
    expect(es.hooks.join('\n')).not.toMatch(/Nuestra respuesta|¿El banco/);
    const fr = await read(
      'Acme Toiture, couvreur à Brest. Devis gratuit sous 48 h. 4,9 sur Google (80 avis). Leur crainte : que le chantier dure des semaines. Notre réponse : un toit refait en 5 jours ouvrés.',
      'fr',
      'Acme Toiture',
    );
    expect(fr.hooks).toContain(
      'Peur que le chantier dure des semaines\u202f? Un toit refait en 5 jours ouvrés.',
    );
    expect(fr.hooks.join('\n')).not.toMatch(/Notre réponse/);
    // The frame with a colon ("Lo que más temen los clientes:"), and a German fear of a noun,
    // the audience's possessive turned to the reader's.
    const es2 = await read(
      'Acme Reformas (Jaén) – reformas de baños. Presupuesto cerrado por escrito. Baño completo en 10 días. Garantía de 5 años. 4,8 en Google (200 reseñas). Lo que más temen los clientes: que la obra se alargue meses. Nosotros fijamos la fecha de entrega en el contrato.',
      'es',
      'Acme Reformas',
    );
    expect(es2.hooks).toContain(
      '¿Miedo a que la obra se alargue meses? Nosotros fijamos la fecha de entrega en el contrato.',
    );
    const de = await read(
      'Acme Umzüge – Privatumzüge in Kiel seit 2001. Festpreis nach kostenloser Besichtigung. 4,8 Sterne bei Google (300 Bewertungen). Kunden befürchten oft Schäden an ihren Möbeln – wir sind bis 100.000 € versichert.',
      'de',
      'Acme Umzüge',
    );
    expect(de.hooks).toContain('Angst vor Schäden an Ihren Möbeln? Wir sind bis 100.000 € versichert.');
  });
});

// A belief agencies quote ("'golf clubs are stuffy'") is asked as one, in the reader's person;
// a customer's utterance (capitalised, with its stop) stays their words.
describe('quoted beliefs', () => {
  it("asks a quoted belief in the reader's person, and prints an utterance as written", async () => {
    const golf = await read(
      "Acme Golf, 9-hole course near Ludlow. Beginner membership £35/month. 3 lessons with our pro included. The usual worry: 'golf clubs are stuffy'. Ours isn't – no dress code in the clubhouse.",
      'en',
      'Acme Golf',
    );
    expect(golf.hooks).toContain("Think golf clubs are stuffy? Ours isn't – no dress code in the clubhouse.");
    const it = await read(
      'Acme Secure, IT security for small firms in Leeds. Flat £9 per device per month. Rated 4.8 on Google. Biggest objection: "we\'re too small to be a target". Our monitoring runs 24/7.',
      'en',
      'Acme Secure',
    );
    expect(it.hooks.join('\n')).toMatch(/Think you're too small to be a target\? /);
    expect(it.hooks.join('\n')).not.toMatch(/Think we're/);
    const quote = await read(
      "Acme Care, home care in Bath. Visits from £28 an hour. Rated 4.9 on Google. The usual worry: 'Mum doesn't want a stranger in the house.' We introduce every carer before the first visit.",
      'en',
      'Acme Care',
    );
    expect(quote.hooks.join('\n')).not.toMatch(/Think Mum/);
    // A capitalised belief without a stop, answered after a dash in the same note.
    const blinds = await read(
      '## Client\nAcme Blinds, Derby\n## Why people buy\n- free home measure\n- fitted in 3 weeks\n## Worry\n"Shutters are too expensive" — ours start at £195 per sq m.\n## Proof\n4.9 on Google (210 reviews)\n## Offer\n20% off shutters until 30 April',
      'en',
      'Acme Blinds',
    );
    expect(blinds.hooks).toContain('Think shutters are too expensive? Ours start at £195 per sq m.');
  });
});

// Section labels that name what the business does about the pain, who it is, or a fact told as
// such ("How we help:", "Lösung:", "Nachweis:", "Team:", "Fact:") are never printed.
describe('labels of solutions, proof, teams and facts', () => {
  it('reads the label and keeps only its text, in English and German', async () => {
    const en = await read(
      "Acme Law | Exeter\nWhat we do: employment law for small firms.\nWhat they're scared of: tribunals.\nHow we help: we settle most disputes before a tribunal.\nTeam: 4 solicitors, all employment specialists.\nFact: we have advised 300 local employers.\nCTA: Book a call",
      'en',
      'Acme Law',
    );
    expect(en.facts).toContain('objection: tribunals');
    expect(en.facts).toContain('benefit: we settle most disputes before a tribunal');
    expect(en.facts).toContain('proof: 4 solicitors, all employment specialists');
    expect(en.hooks.join('\n')).not.toMatch(/How we help|Team:|Fact:/);
    const de = await read(
      'Acme IT, Kassel\nZielgruppe: Praxen ohne eigene IT\nSchmerzpunkt: Ausfälle am Montagmorgen\nLösung: Wir überwachen jede Praxis rund um die Uhr.\nNachweis: ISO 27001 zertifiziert\nAngebot: kostenloser Check',
      'de',
      'Acme IT',
    );
    expect(de.facts).toContain('proof: ISO 27001 zertifiziert');
    expect(de.hooks.join('\n')).not.toMatch(/Schmerzpunkt|Lösung|Nachweis/);
  });

  it('reads a greeting as no label, WHO/HOW/WHY fields, "Antwort:" and "Preocupación típica:"', async () => {
    const email = await read(
      "Hey team - notes from yesterday's call with Acme.\n\nThey do guided canoe trips on the Wye, half day £45, full day £80. All kit included. Groups of 8 max. 4.9 on TripAdvisor (300 reviews).\n\nThey'd love more midweek bookings in June.",
    );
    expect(email.facts.join('\n')).not.toMatch(/notes from|midweek bookings/);
    const fields = await read(
      'WHO: Acme Grooming, mobile dog grooming in Kent.\nWHAT: full groom from £50.\nHOW: we come to your driveway, one dog at a time.\nWHY: nervous dogs hate busy salons.\nPROOF: 5.0 on Google (90 reviews).',
      'en',
      'Acme Grooming',
    );
    expect(fields.hooks.join('\n')).not.toMatch(/HOW:|WHY:/);
    const de = await read(
      'Praxis: Acme Zahnarzt, Bremen\nHäufige Sorge: Schmerzen bei der Behandlung\nAntwort: Behandlung unter Lachgas möglich\nBewertung: 4,9 Sterne bei Google (200 Bewertungen)\nAngebot: Kostenlose Erstberatung',
      'de',
      'Acme Zahnarzt',
    );
    expect(de.hooks).toContain('Schmerzen bei der Behandlung? Behandlung unter Lachgas möglich.');
    const es = await read(
      'Acme Óptica | Huesca\nGafas graduadas desde 79 €. Revisión visual gratis. 4,7 en Google (150 reseñas).\nPreocupación típica: las progresivas marean. Les damos 30 días para adaptarse o les devolvemos el dinero.',
      'es',
      'Acme Óptica',
    );
    expect(es.facts).toContain('objection: las progresivas marean');
    expect(es.hooks.join('\n')).not.toMatch(/Preocupación típica/);
  });

  it("reads the business's own voice under a worry's label as its answer, and 'we have none' only answers it", async () => {
    const qa = await read(
      'Q: What is it?\nA: Pet insurance for dogs in Leeds, from £12/month.\nQ: What do people worry about?\nA: Excess fees. We have none on routine vet visits.\nQ: Proof?\nA: 20,000 members, 4.7 on Google.\nQ: What else?\nA: Claims paid in 5 days. Any vet you like. Cancel anytime.',
      'en',
      'Acme Pet Cover',
    );
    expect(qa.facts).toContain('objection: Excess fees');
    expect(qa.facts).not.toContain('objection: We have none on routine vet visits');
    expect(qa.hooks).toContain('Excess fees? We have none on routine vet visits.');
    for (const h of qa.hooks.filter((x) => x.includes('We have none'))) expect(h).toMatch(/^Excess fees\? /);
  });

  it('reads a label of people by their fear as the worry its text answers, and a French fear answered "chez nous"', async () => {
    const es = await read(
      'Clínica Acme (Lorca)\n- Ortodoncia invisible desde 2.190 €\n- Financiación hasta 24 meses\n- Primera visita gratis\nPacientes con miedo al dentista: sedación consciente disponible.\n4,8 estrellas en Google (300 reseñas).',
      'es',
      'Clínica Acme',
    );
    expect(es.facts).toContain('objection: miedo al dentista');
    expect(es.hooks).toContain('¿Miedo al dentista? Sedación consciente disponible.');
    expect(es.hooks.join('\n')).not.toMatch(/Para sedación/);
    const fr = await read(
      "PLOMBERIE ACME — Nantes\nIntervention en 1 h pour les urgences, 7j/7.\nDevis gratuit.\nArtisan RGE, 12 ans d'expérience.\nLes clients ont souvent peur des arnaques au dépannage : chez nous, pas de frais cachés.\nNote : 4,8/5 sur Google (150 avis).",
      'fr',
      'Plomberie Acme',
    );
    expect(fr.hooks).toContain('Peur des arnaques au dépannage\u202f? Chez nous, pas de frais cachés.');
  });

  it('ends a German quotation with its own stop, never a second one after „…“', async () => {
    const de = await read(
      'Gartenbau Acme GmbH (Bonn)\nWir planen und bauen Gärten: Terrassen, Pflasterarbeiten, Rollrasen.\nUSP: feste Ansprechpartnerin vom ersten Termin bis zur Abnahme\nReferenzen: über 700 Gärten seit 2006\nKundenstimme: „Pünktlich, sauber, und der Garten sieht aus wie im Katalog.“\nAktion: kostenlose Gartenplanung bei Aufträgen ab 5.000 €',
      'de',
      'Gartenbau Acme',
    );
    expect(de.hooks.some((h) => h.includes('Katalog.“'))).toBe(true);
    expect(de.hooks.join('\n')).not.toMatch(/“\./u);
  });

  it("reads a singular worry's label as one worry: a clause after it on its line is a claim", async () => {
    const solar = await read(
      "🌞 ACME SOLAR 🌞\n📍 Norwich & Norfolk\n💡 USP: MCS-certified installs in 1 day\n💷 From £5,490 for a 4kW system\n⭐ 4.8/5 on Trustpilot (500 reviews)\n😟 Common worry: 'it won't work in our cloudy weather' — panels still generate on overcast days; a typical system makes 3,200 kWh a year\n🎁 Free battery check",
      'en',
      'Acme Solar',
    );
    expect(solar.facts).toContain('feature: a typical system makes 3,200 kWh a year');
    // A map pin as the bullet marks where the business is, not a claim.
    expect(solar.facts.join('\n')).not.toMatch(/Norfolk/);
    expect(solar.hooks.join('\n')).not.toMatch(/3,200 kWh a year\?/);
    expect(solar.hooks).toContain(
      "Think it won't work in your cloudy weather? Panels still generate on overcast days.",
    );
  });

  it("prints a Spanish claim that says 'todo' (no placeholder), and what customers value without its frame", async () => {
    const es = await read(
      'Autoescuela Acme (Jaén). Carnet B desde 590 € todo incluido (matrícula, teórico online y 15 prácticas). Clases de lunes a sábado. Aprobados a la primera: 80 % (2025). Lo que más valoran los alumnos: que los profes no gritan. Seguro a todo riesgo incluido.',
      'es',
      'Autoescuela Acme',
    );
    expect(es.hooks.join('\n')).toMatch(/590 € todo incluido/);
    expect(es.hooks.join('\n')).toMatch(/Seguro a todo riesgo incluido/);
    expect(es.hooks.join('\n')).toMatch(/Los profes no gritan/);
    expect(es.hooks.join('\n')).not.toMatch(/Lo que más valoran/);
  });

  it("asks what Spanish customers believe in the reader's person, answered by the note after it", async () => {
    const es = await read(
      'Academia Acme – clases de dibujo y pintura para adultos en Murcia. Grupos de 6 personas como máximo. Todos los materiales incluidos. Primera clase gratis. Muchos alumnos creen que no tienen talento: nuestro método empieza desde cero. Opiniones: 4,9 en Google (180).',
      'es',
      'Academia Acme',
    );
    expect(es.hooks).toContain('¿Crees que no tienes talento? Nuestro método empieza desde cero.');
    expect(es.hooks.join('\n')).not.toMatch(/Muchos alumnos creen/);
  });
});
