import { describe, expect, it } from 'vitest';
import { extractBrief, extractBriefWith } from '#core/brief/extract.ts';
import { findFigures, widenToFigures } from '#core/brief/figures.ts';

/** An invented brief as the offline extraction reads it (no NLP library). */
const briefOf = (researchSummary: string, language = 'en', clientName = 'Acme Tiles') =>
  extractBriefWith({ researchSummary, language, clientName }, undefined);
/** The hooks the offline engine writes for an invented brief, read with the NLP library. */
const hooksOf = async (researchSummary: string, clientName: string) => {
  const { anglesFromBrief } = await import('#core/text/brief-angles.ts');
  const brief = await extractBrief({ researchSummary, language: 'en', clientName });
  return (await anglesFromBrief({ ...brief, research_summary: researchSummary })).map((a) => a.hook);
};
/** Working notes, copywriter directions and cut figures never become facts (invented briefs). */
const factsOf = (researchSummary: string, language = 'en') =>
  briefOf(researchSummary, language).facts.map((f) => f.text);

describe('notes and directions in a brief', () => {
  it('reads a label with words of its own before a quotation as the label: the quotation is the claim', () => {
    const facts = factsOf(
      'Acme Tiles fits bathroom tiles in Dover. It has 40 fitters. Customer quote we love, from a landlord in Deal: “They turned up on the day they said.” Quote marks aside, the rest is prose: a remark, not a label.',
    );
    expect(facts).toContain('“They turned up on the day they said.”');
    expect(facts.join(' ')).not.toMatch(/we love|landlord in Deal/);
  });

  it('reads a label after its article as the label ("La cible :", "Our audience:")', () => {
    const brief = briefOf(
      "Maison Dupré, pâtisserie à Tours. Fondée en 1990. La cible : des familles qui veulent mieux qu'un gâteau industriel.",
      'fr',
      'Maison Dupré',
    );
    expect(brief.audience).toMatch(/^des familles/);
    expect(brief.facts.map((f) => f.text).join(' ')).not.toMatch(/cible/i);
  });

  it("keeps a discount's minus sign, and drops a claim the brief says not to quote", () => {
    const facts = factsOf(
      'Acme Tiles fits bathroom tiles in Dover.\n- Offer: -20% on wall tiles in May\n- Repeat rate 60% (internal, don’t quote)\n- Proof: 4.9 on Google – we can say "top rated"\n- Free design visit (confirm w/ showroom manager)',
    );
    expect(facts).toContain('-20% on wall tiles in May');
    expect(facts.join(' ')).not.toMatch(/60%|internal|quote|we can say|confirm/);
    expect(facts).toContain('4.9 on Google');
    expect(facts).toContain('Free design visit');
  });

  it('reads labels set off by a dash or qualified by "this month", and a worry answered after a dash', () => {
    const facts = factsOf(
      'Acme Tiles fits bathroom tiles in Dover.\n- Pain points - tilers who vanish, grout that cracks\n- Offer this month: free grout sealing\n- Facts: 40 fitters, all employed\n- Pain: waiting weeks for a quote - we quote in 2 days\n- Client asked us not to mention marble',
    );
    expect(facts).toEqual(
      expect.arrayContaining([
        'tilers who vanish',
        'grout that cracks',
        'free grout sealing',
        '40 fitters',
        'all employed',
      ]),
    );
    expect(facts).toContain('we quote in 2 days');
    expect(facts.join(' | ')).not.toMatch(/Pain points|this month|Facts:|marble|weeks for a quote - /);
  });

  it('reads ">>" bullets, a "Target =" label, a French list of things to feature, and French bread as no pain', () => {
    const brief = briefOf(
      'Acme Tiles, Dover\n>> Free design visit\n>> Target = landlords + young families\n>> 4.9★ Google, 300+ reviews',
      'en',
      'Acme Tiles',
    );
    expect(brief.facts.map((f) => f.text)).toEqual(
      expect.arrayContaining(['Free design visit', '4.9★ Google, 300+ reviews']),
    );
    expect(brief.facts.map((f) => f.text).join(' ')).not.toMatch(/>|Target|landlords/);
    const fr = briefOf(
      'Boulangerie Lune, Tours.\n- Pain au levain, farines bio\n- À mettre en avant : la bûche de Noël maison en décembre',
      'fr',
      'Boulangerie Lune',
    );
    expect(fr.facts.find((f) => f.text.startsWith('Pain au levain'))?.role).not.toBe('pain');
    expect(fr.facts.map((f) => f.text)).toContain('la bûche de Noël maison en décembre');
  });

  it('keeps a pain as the phrase, not the people described before it', () => {
    const facts = factsOf(
      'Acme Tiles fits bathroom tiles in Dover.\n- Clients are mostly landlords and busy parents fed up of tilers who never turn up\n- Customers are tired of waiting weeks for a quote',
    );
    expect(facts).toContain('fed up of tilers who never turn up');
    expect(facts.join(' ')).not.toMatch(/landlords/);
    // After a verb the pain is the sentence's own: it stays whole.
    expect(facts).toContain('Customers are tired of waiting weeks for a quote');
  });

  it('keeps a claim beside a bracket that only forbids naming, and drops one beside a bracket on how to present it', () => {
    const brief = briefOf(
      "Acme Events plans staff parties in Leeds (summer parties, Christmas dos, offsites). Past clients include two FTSE 100 firms (can't name them). Ratio of one planner per 50 guests (the industry norm, so don't present it as better). Book a call.",
    );
    const facts = brief.facts.map((f) => f.text);
    expect(facts).toContain('Past clients include two FTSE 100 firms');
    expect(facts.join(' ')).not.toMatch(/name them|one planner per 50/);
    expect(brief.avoid).not.toContain('them');
    expect(brief.avoid.join(' ')).not.toMatch(/\)/);
    // A bracket of lower-case items after a place is what the business does there, not districts.
    expect(brief.location).toBe('Leeds');
  });

  it('drops notes and bracketed asides, keeps the claims around them', () => {
    const facts = factsOf(
      'Acme Tiles fits bathroom tiles in Dover.\nProof: rated 4.6/5 from 210 reviews [check figure]\nOffer: free design visit (TBC with client)\nInternal: margin is thin this quarter',
    );
    expect(facts).toContain('rated 4.6/5 from 210 reviews');
    expect(facts.join(' ')).not.toMatch(/check figure|TBC|margin/);
  });

  it('keeps a claim and drops the direction after it', () => {
    const facts = factsOf(
      'Acme Tiles fits bathroom tiles in Dover. Every fitter has 12 years on the tools, and honestly that is the whole pitch. Lead with the fitters.',
    );
    expect(facts).toContain('Every fitter has 12 years on the tools');
    expect(facts.join(' ')).not.toMatch(/pitch|Lead with/);
  });

  it('reads a section label after a separator or a stop as a new section, in German too', () => {
    const facts = factsOf(
      'Acme Fliesen verlegt Bäder in Ulm.\nBewertungen: 4,7/5 bei 180 Stimmen; Angebot: kostenlose Planung',
      'de',
    );
    expect(facts).toContain('kostenlose Planung');
    expect(facts.some((f) => f.includes('Angebot:'))).toBe(false);
  });

  it('widens a span that would cut a figure in two', () => {
    const text = 'open 9am - 5pm daily';
    const figures = findFigures(text);
    expect(widenToFigures(figures, 0, text.indexOf(' - '))).toEqual({
      start: 0,
      end: text.indexOf(' daily'),
    });
  });

  it("drops the writer's asides, permissions and bans, keeps the claims", () => {
    const facts = factsOf(
      "Long one, sorry, lots came out of the call. Acme Tiles fits bathroom tiles in Dover. Rated 4.8 on Google (90 reviews) – OK to say top rated. Fitters clean up every night, which customers love. (Aside: the owner hates beige, so no beige.) Please no jargon; we can't say 'cheapest'.",
    );
    expect(facts).toContain('Rated 4.8 on Google (90 reviews)');
    expect(facts).toContain('Fitters clean up every night');
    expect(facts.join(' ')).not.toMatch(/sorry|came out|OK to say|customers love|beige|jargon|cheapest/);
  });

  it('reads a short header item as the place, and a Spanish label by its first word', () => {
    const header = briefOf(
      'Acme Tiles – bathroom tiling, base en Dover. Fitted in 2 days.',
      'es',
      'Acme Tiles',
    );
    expect(header.location).toBe('Dover');
    expect(header.facts.map((f) => f.text)).not.toContain('base en Dover');
    const es = briefOf(
      'Acme Azulejos – reformas de baño en Toledo.\nMiedo habitual: que la obra dure semanas',
      'es',
      'Acme Azulejos',
    );
    expect(es.facts).toContainEqual(
      expect.objectContaining({ role: 'objection', text: 'que la obra dure semanas' }),
    );
  });

  it('ends a sentence after a range outside German ("zones 1-4. Audience is …")', () => {
    const b = briefOf(
      'Acme Tiles fits bathroom tiles. Free visits in zones 1-4. Audience is landlords.',
      'en',
      'Acme Tiles',
    );
    expect(b.facts.map((f) => f.text)).toContain('Free visits in zones 1-4');
    expect(b.audience).toBe('landlords');
  });

  it('reads markdown headings: a section of claims the ads cannot make is policy, never a fact', () => {
    const brief = briefOf(
      '## Product\nAcme Tiles fits bathroom tiles in Dover.\n## Claims we can make\n- 40 fitters, all employed\n- free design visit\n## Claims we can\'t make\n- "cheapest in Kent", "lifetime guarantee"\n## Offer\n20% off wall tiles in May',
    );
    const facts = brief.facts.map((f) => f.text);
    expect(facts).toEqual(expect.arrayContaining(['40 fitters, all employed', 'free design visit']));
    expect(facts).toContain('20% off wall tiles in May');
    expect(facts.join(' | ')).not.toMatch(/##|Claims|cheapest|lifetime/);
    expect(brief.avoid).toEqual(expect.arrayContaining(['cheapest in Kent', 'lifetime guarantee']));
  });

  it('drops a prohibition written inside the claims ("NO …", "Bitte keine …") and keeps it as policy', () => {
    const en = briefOf(
      'Acme Tiles fits bathroom tiles in Dover.\n- 40 fitters\n- tone: calm. NO "cheapest in Kent"',
    );
    expect(en.facts.map((f) => f.text).join(' ')).not.toMatch(/cheapest|NO/);
    expect(en.avoid).toContain('cheapest in Kent');
    const de = briefOf(
      'Acme Fliesen, Fliesenleger in Kiel. 40 Mitarbeiter. Bitte keine Heilversprechen.',
      'de',
      'Acme Fliesen',
    );
    expect(de.facts.map((f) => f.text).join(' ')).not.toMatch(/Heilversprechen/);
  });

  it('drops a greeting, a note on the brief itself and a direction to the ads; reads "Q1 promo:" as the offer', () => {
    const brief = briefOf(
      'Hi team, quick brief for the Acme Q1 push. Acme Tiles fits bathroom tiles in Dover. Q1 promo: free grout sealing. CTA should push the design visit. Thanks, Sam',
    );
    const facts = brief.facts.map((f) => f.text);
    expect(facts).toContainEqual('free grout sealing');
    expect(brief.facts.find((f) => f.text === 'free grout sealing')?.role).toBe('offer');
    expect(facts.join(' | ')).not.toMatch(/Hi team|quick brief|CTA|Thanks/);
  });

  it('reads a label in capitals as a label, more of the name after "&", and a bracket after the name as the place', () => {
    const fr = briefOf(
      'STUDIO : Acme Yoga, Lyon (Croix-Rousse)\nCOURS : vinyasa, yin\nOFFRE : 2 semaines pour 29 €',
      'fr',
      'Acme Yoga',
    );
    expect(fr.location).toBe('Lyon (Croix-Rousse)');
    expect(fr.product).not.toMatch(/STUDIO|Lyon/);
    expect(fr.facts.map((f) => f.text).join(' | ')).not.toMatch(/STUDIO|COURS/);
    const en = briefOf(
      'Acme Plumbing & Heating (Dover + Deal)\n- emergency callouts 24/7',
      'en',
      'Acme Plumbing',
    );
    expect(en.product).not.toMatch(/Heating|Dover/);
  });

  it('reads bold labels, a prohibition on a line of its own and a sign-off', () => {
    const en = briefOf(
      '**Client:** Acme Tiles (Dover)\n**Proof:** 4.9/5 from 300 reviews\n**Offer:** free design visit\n**Don\'t say:** "cheapest"',
    );
    expect(en.facts.map((f) => f.text)).toEqual(['4.9/5 from 300 reviews', 'free design visit']);
    expect(en.avoid).toContain('cheapest');
    const es = briefOf(
      'Acme Azulejos, reformas de baño en Toledo.\nLos clientes nos dicen que las obras nunca acaban.\nOferta: visita gratis.\nNo decir "el más barato".\nGracias!',
      'es',
      'Acme Azulejos',
    );
    expect(es.avoid).toContain('el más barato');
    expect(es.facts.map((f) => f.text).join(' | ')).not.toMatch(/Gracias|barato/);
  });

  it('reads a one-word "don\'t" label, a header in capitals, French places after "à" and elided articles', () => {
    const de = briefOf(
      'Acme Fliesen, Kiel\n- 40 Fliesenleger\n- NICHT: "billigste Fliesen"',
      'de',
      'Acme Fliesen',
    );
    expect(de.facts.map((f) => f.text).join(' ')).not.toMatch(/billigste/);
    expect(de.avoid).toContain('billigste Fliesen');
    expect(de.location).toBe('Kiel');
    const es = briefOf(
      'AZULEJOS ACME (Toledo)\nQué hacemos: reformas de baño\nOferta: visita gratis',
      'es',
      'Azulejos Acme',
    );
    expect(es.location).toBe('Toledo');
    expect(es.product).toBe('reformas de baño');
    const fr = briefOf(
      "Acme est une entreprise d'électricité générale à Brest, fondée en 2004. Devis gratuit.",
      'fr',
      'Acme',
    );
    expect(fr.product).toBe("entreprise d'électricité générale");
    expect(fr.location).toBe('Brest');
    expect(fr.category).toBe('home services > electrician');
  });

  it('ends the audience where some of its people turn to what they have done: that is an insight', () => {
    const b = briefOf(
      'Acme Tiles fits bathroom tiles in Dover. Customers are mostly 60-75, retired, and a lot of them have had a bad fitter before.',
    );
    expect(b.audience).toBe('60-75, retired');
    expect(b.facts).toContainEqual(
      expect.objectContaining({ role: 'audience_insight', text: 'have had a bad fitter before' }),
    );
  });

  it('keeps a quotation over its own stops, reads "Key messages:" as claims, and answers a worry after its dash', () => {
    const b = briefOf(
      'Acme Tiles fits bathroom tiles in Dover.\nKey messages:\n1. Fitted in 2 days\n2. 4.9 on Google (300 reviews)\nMandatory: "Prices include VAT. Survey required."\nBiggest worry: the mess - we sheet every room\nWorry: slippery floors - our tiles make them safe',
    );
    const facts = b.facts.map((f) => f.text);
    expect(facts).toEqual(expect.arrayContaining(['Fitted in 2 days', '4.9 on Google (300 reviews)']));
    expect(b.facts.find((f) => f.text.startsWith('4.9'))?.role).toBe('proof');
    expect(facts.join(' | ')).not.toMatch(/Key messages|Survey required/);
    expect(b.mandatories).toContain('"Prices include VAT. Survey required."');
    expect(b.facts).toContainEqual(expect.objectContaining({ role: 'objection', text: 'the mess' }));
    expect(facts).toContain('we sheet every room');
    // An answer that points back at its worry stays with it, and so does a quoted worry's reply.
    expect(facts).toContain('slippery floors - our tiles make them safe');
    const quoted = briefOf(
      'Acme Tiles fits bathroom tiles in Dover.\nBiggest objection we hear: "it takes weeks" - we finish in 3 days',
    );
    expect(quoted.facts.map((f) => f.text).join(' | ')).toMatch(/"it takes weeks" - we finish in 3 days/);
  });

  it('reads a company form as part of the name, a German label by its first word, a note that forbids, and a bracket of policy', () => {
    const de = briefOf(
      'Acme Fliesen GmbH – Meisterbetrieb in Kiel seit 1990\nBesonderheit: feste Termine\nAktion Frühjahr: 10 % auf Fliesen\nNB: nicht sagen "billigste Fliesen"',
      'de',
      'Acme Fliesen',
    );
    expect(de.product).not.toMatch(/GmbH/);
    expect(de.facts).toContainEqual(expect.objectContaining({ role: 'offer', text: '10 % auf Fliesen' }));
    expect(de.facts).toContainEqual(
      expect.objectContaining({ role: 'differentiator', text: 'feste Termine' }),
    );
    expect(de.avoid).toContain('billigste Fliesen');
    const en = briefOf(
      "Acme Tiles fits bathroom tiles in Dover.\n- Free survey (the law requires one anyway, so don't present it as a perk)",
    );
    expect(en.facts.map((f) => f.text).join(' ')).not.toMatch(/present|perk/);
  });

  it('reads emoji bullets, an ICP label, a survey figure as proof, and notes typed in lower case', () => {
    const saas = briefOf(
      'Acme Tiles | tiling software\nICP: tilers with 2-20 staff\n✅ Quotes in 5 minutes\n✅ Jobs finished 2 days sooner (2025 customer survey, n=90)\n❌ Don\'t claim "AI"',
    );
    expect(saas.audience).toBe('tilers with 2-20 staff');
    expect(saas.facts.map((f) => f.text)).toContain('Quotes in 5 minutes');
    expect(saas.facts.find((f) => f.text.startsWith('Jobs'))?.role).toBe('proof');
    expect(saas.facts.map((f) => f.text).join(' ')).not.toMatch(/✅|❌|ICP|AI/);
    const notes = briefOf(
      'acme tiles, dover. small team (6 fitters). free survey. quotes from £90. fitters all city & guilds trained. people say we are tidy. (approx. 2 days a job)',
    );
    expect(notes.facts.map((f) => f.text)).toEqual(
      expect.arrayContaining([
        'small team (6 fitters)',
        'free survey',
        'quotes from £90',
        'fitters all city & guilds trained',
      ]),
    );
    expect(notes.facts.map((f) => f.text).join(' | ')).toMatch(/approx\. 2 days/);
  });

  it('reads a Markdown table row by row, its header as layout, and keeps a quotation with its attribution', () => {
    const b = briefOf(
      'Acme Fliesen – Fliesenleger | Region Kiel\n| Leistung | Details |\n|---|---|\n| Bad | Komplettbad in 10 Tagen |\n| Preis | ab 90 € pro m² |\nKundenstimme: „Pünktlich und sauber.“ – Familie B., Kiel',
      'de',
      'Acme Fliesen',
    );
    const facts = b.facts.map((f) => f.text);
    expect(facts).toContain('Bad | Komplettbad in 10 Tagen');
    expect(b.facts).toContainEqual(expect.objectContaining({ role: 'price', text: 'ab 90 € pro m²' }));
    expect(facts).toContain('„Pünktlich und sauber.“ – Familie B., Kiel');
    expect(facts.join(' | ')).not.toMatch(/Leistung|Details|---|Kundenstimme/);
  });

  it('reads a quotation led in by who said it as the proof, without the lead-in', () => {
    const b = briefOf(
      'Acme Tiles fits bathroom tiles in Dover. One customer wrote, and this is the one we all love, "They left the house cleaner than they found it."',
    );
    expect(b.facts).toContainEqual(
      expect.objectContaining({ role: 'proof', text: '"They left the house cleaner than they found it."' }),
    );
    expect(b.facts.map((f) => f.text).join(' ')).not.toMatch(/we all love|wrote/);
  });

  it('reads an intake form of questions, whose answers are the paragraphs under them', () => {
    const b = briefOf(
      "What do you sell?\nBathroom tiling in Dover.\nWho buys it?\nLandlords with older houses.\nWhat's the offer?\nNew clients: free design visit.\nAnything we can't say?\nDon't say \"cheapest\".",
    );
    expect(b.product).toBe('Bathroom tiling');
    expect(b.audience).toBe('Landlords with older houses');
    expect(b.facts).toContainEqual(
      expect.objectContaining({ role: 'offer', text: 'New clients: free design visit' }),
    );
    expect(b.avoid).toContain('cheapest');
    expect(b.facts.map((f) => f.text).join(' | ')).not.toMatch(/\?|What|Who/);
  });

  it('reads a letter: greeting, note on the brief, sign-off and signature are no claims; emoji edge no claim', () => {
    const b = briefOf(
      'Bonjour,\n\nJe vous transmets le brief pour Acme. Acme Carrelage 🧱 (Brest, centre) pose du carrelage. Leurs clients sont surtout des propriétaires. Garantie 10 ans.\n\nCordialement,\nJulie',
      'fr',
      'Acme Carrelage',
    );
    expect(b.location).toBe('Brest, centre');
    expect(b.audience).toBe('des propriétaires');
    const facts = b.facts.map((f) => f.text);
    expect(facts).toContain('Garantie 10 ans');
    expect(facts.join(' | ')).not.toMatch(/Bonjour|transmets|Cordialement|Julie|🧱/);
  });

  it('reads a German genitive label by its head, "#1 question" as a worry whose next sentence answers it, and a label by its first word', () => {
    const de = briefOf(
      'Acme Fliesen, Kiel\nHäufige Sorge der Kunden: „Das dauert Wochen.“ – stimmt nicht, wir brauchen 3 Tage.',
      'de',
      'Acme Fliesen',
    );
    expect(de.audience).toBe('');
    expect(de.facts.find((f) => f.text.startsWith('„Das dauert'))?.role).toMatch(/pain|objection/);
    const en = briefOf(
      'Acme Tiles fits bathroom tiles in Dover.\nHomeowners\' #1 question: "will it crack?" Most tiles we fit carry a 10-year guarantee.\nCompetitor comparison: others subcontract, we never do.',
    );
    expect(en.facts).toContainEqual(expect.objectContaining({ role: 'objection', text: '"will it crack?"' }));
    expect(en.facts.find((f) => f.text.startsWith('Most tiles'))?.role).not.toBe('objection');
    expect(en.facts.map((f) => f.text).join(' | ')).not.toMatch(/#1 question|Competitor comparison/);
  });

  it("reads a forwarded e-mail without its headers, a footnote as a mandatory, and a series closed by 'and' as one claim", () => {
    const b = briefOf(
      '---------- Forwarded message ---------\nFrom: Sam <sam@example.com>\nSubject: spring push\n\nAcme Tiles fits bathroom tiles in Dover.\nBenefits:\n- Tiles, grout and sealant included\n- Lifetime guarantee*\n*Terms in store.',
    );
    const facts = b.facts.map((f) => f.text);
    expect(facts).toContain('Tiles, grout and sealant included');
    expect(facts).toContain('Lifetime guarantee*');
    expect(b.mandatories).toContain('Terms in store');
    expect(facts.join(' | ')).not.toMatch(/Forwarded|example\.com|spring push|Terms in store/);
  });

  it('reads the one starred line under a starred claim as its footnote, and a campaign line as a note', () => {
    const b = briefOf(
      'Acme Law – injury claims, Dover\n• No win, no fee* on every claim\n• Free 15-minute call\n* Success fee up to 25%. Capped by law.',
    );
    expect(b.mandatories).toContain('Success fee up to 25%. Capped by law');
    expect(b.facts.map((f) => f.text).join(' | ')).not.toMatch(/Success fee|Capped/);
    const es = briefOf(
      'Acme Azulejos, reformas de baño en Toledo.\nOferta: visita gratis.\nCampaña: verano, turistas.',
      'es',
      'Acme Azulejos',
    );
    expect(es.facts.map((f) => f.text).join(' | ')).not.toMatch(/verano|Campaña/);
  });

  it('reads a creative-brief template: the objective is no claim and places nothing, the proposition is the claim', () => {
    const b = briefOf(
      'CREATIVE BRIEF\nBrand: Acme Tiles\nProduct: bathroom tiles\nObjective: drive trial in grocery stores in Kent\nSingle-minded proposition: Tiles that never crack.\nSupport points / RTBs:\n- 4.9 on Google (300 reviews)\n- 10-year guarantee\nDeliverables: 3 x 1:1 Meta ads',
    );
    expect(b.category).not.toMatch(/grocery/);
    const facts = b.facts.map((f) => f.text);
    expect(facts).toEqual(
      expect.arrayContaining(['Tiles that never crack', '4.9 on Google (300 reviews)', '10-year guarantee']),
    );
    expect(facts.join(' | ')).not.toMatch(/proposition|Objective|grocery|Meta ads/);
    const es = briefOf(
      'Cliente: Azulejos Acme\nObjetivo: más visitas a la tienda\nPropuesta: azulejos en 4 semanas',
      'es',
      'Azulejos Acme',
    );
    expect(es.audience).toBe('');
    const de = briefOf(
      'Acme Versicherung\nProdukt: Zahnzusatzversicherung ab 9,90 € im Monat\n- Testsieger 2025 (Note 1,3)\n- Bis zu 90 % Erstattung bei Zahnersatz',
      'de',
      'Acme Versicherung',
    );
    expect(de.product).toBe('Zahnzusatzversicherung');
    expect(de.location).toBe('');
    expect(de.facts.map((f) => f.text)).toContain('Testsieger 2025 (Note 1,3)');
  });

  it('reads notes typed as a chat: a spoken opening before the name, a name not to mention, and a sign-off', () => {
    const b = briefOf(
      'hey! so Acme Tiles is my client\'s online tile shop 🧱 they sell handmade tiles. free UK shipping over £40. 4.9 on Etsy (2,600 reviews). customers are mostly women 25-45 doing up old houses. pls don\'t use the word "cheap" or mention Etsy by name. thx!!',
    );
    expect(b.product).toBe('online tile shop');
    expect(b.audience).toMatch(/^women 25-45/);
    expect(b.avoid).toEqual(expect.arrayContaining(['cheap', 'Etsy']));
    expect(b.facts.map((f) => f.text).join(' | ')).not.toMatch(/thx|hey|my client/);
  });

  it('reads a mandatory line and a list of treatments as what they are, and a "can\'t advertise" note as policy', () => {
    const fr = briefOf(
      'Acme Dentaire – Brest\nSoins : implants, blanchiment\nMention obligatoire : « Demandez conseil à votre dentiste. »',
      'fr',
      'Acme Dentaire',
    );
    expect(fr.mandatories).toContain('« Demandez conseil à votre dentiste. »');
    expect(fr.facts.map((f) => f.text)).toContain('implants, blanchiment');
    const en = briefOf(
      'Acme Clinic, Dover.\n- Free consultation\nWe can\'t advertise prescription-only medicines, so never say "Botox" in ads.',
      'en',
      'Acme Clinic',
    );
    expect(en.facts.map((f) => f.text).join(' ')).not.toMatch(/advertise|Botox/);
    expect(en.avoid).toContain('Botox');
  });

  it('reads capital headings, "Why <name>", a question naming the section before its answer, and a word the client hates', () => {
    const b = briefOf(
      'Acme Roofing (Dover)\n\nOVERVIEW\nFamily-owned roofer since 1979.\n\nWHY ACME\n1) 25-year workmanship warranty\n\nNOTES\n- client hates the word "affordable"',
      'en',
      'Acme Roofing',
    );
    const facts = b.facts.map((f) => f.text);
    expect(facts.join(' | ')).not.toMatch(/OVERVIEW|WHY|NOTES|affordable/);
    expect(b.facts).toContainEqual(
      expect.objectContaining({ role: 'differentiator', text: '25-year workmanship warranty' }),
    );
    expect(b.avoid).toContain('affordable');
    const es = briefOf(
      'Academia Acme — Toledo.\n¿Qué ofrecemos? Cursos de inglés para adultos.\n¿Por qué nosotros? Profesores nativos.\n¿Preocupado por el precio? Matrícula gratis.',
      'es',
      'Academia Acme',
    );
    const esFacts = es.facts.map((f) => f.text);
    expect(esFacts).toEqual(expect.arrayContaining(['Cursos de inglés para adultos', 'Profesores nativos']));
    expect(esFacts.join(' | ')).not.toMatch(/Qué ofrecemos|Por qué nosotros/);
    // A rhetorical question stays: only a section's own name labels what follows.
    expect(esFacts.join(' | ')).toMatch(/Preocupado por el precio/);
  });

  it('keeps a labelled claim and a qualified one whole under a list label, and splits a plain list', () => {
    const b = briefOf(
      'Acme Physio, Dover\nKey facts\n* Same-week appointments, usually within 48 hrs\n* Self-pay: assessment £65, follow-ups £50\n* 3 clinics, free parking, staff:patient ratio 1:4\nPatients say: "Back running in 6 weeks"',
      'en',
      'Acme Physio',
    );
    const facts = b.facts.map((f) => f.text);
    expect(facts).toEqual(
      expect.arrayContaining([
        'Same-week appointments, usually within 48 hrs',
        'Self-pay: assessment £65, follow-ups £50',
        '3 clinics',
        'free parking',
        'staff:patient ratio 1:4',
        '"Back running in 6 weeks"',
      ]),
    );
  });

  it('reads a French "Note :" with a rating as the proof, French labels of clients and specialities, and who the customers are', () => {
    const fr = briefOf(
      'Salon Acme – Lyon\nSpécialités : coupe, balayage\nNos clientes : femmes 30-60 ans\nNote : 4,9/5 sur Planity (520 avis)',
      'fr',
      'Salon Acme',
    );
    expect(fr.audience).toBe('femmes 30-60 ans');
    expect(fr.facts).toContainEqual(
      expect.objectContaining({ role: 'proof', text: '4,9/5 sur Planity (520 avis)' }),
    );
    expect(fr.facts.map((f) => f.text).join(' | ')).not.toMatch(/Spécialités|clientes/);
    const en = briefOf(
      'Acme Tiles fits bathroom tiles in Dover. Customers are busy professionals and young families.',
    );
    expect(en.audience).toBe('busy professionals and young families');
  });

  it('reads who says what as no label, and a pain inside the audience to its end', () => {
    const fr = briefOf(
      'Acme Fleurs, Nantes\nNos clientes nous disent : « les fleurs tiennent deux semaines ! »',
      'fr',
      'Acme Fleurs',
    );
    expect(fr.audience).toBe('');
    const en = briefOf(
      'Acme Tiles fits bathroom tiles in Dover.\nClients are mostly landlords fed up of tilers who never turn up.',
    );
    expect(en.audience).toBe('landlords fed up of tilers who never turn up');
    expect(en.facts).toContainEqual(
      expect.objectContaining({ role: 'pain', text: 'fed up of tilers who never turn up' }),
    );
  });

  it('reads past a spoken "Right," header, keeps a reason with its claim, reads a rival comparison as one, and a place as only its name', () => {
    const en = briefOf(
      "Right, Acme Bikes. Bike shop in Dover since 2008. Compared to Halfords they're pricier but faster. People switch to us, because the big chains never call back.",
      'en',
      'Acme Bikes',
    );
    expect(en.product).not.toMatch(/Right/);
    expect(en.facts.find((f) => f.text.startsWith('Compared to'))?.role).toBe('competitor');
    expect(en.facts.map((f) => f.text)).toContain(
      'People switch to us, because the big chains never call back',
    );
    const de = briefOf(
      'Acme Steuerkanzlei in Kiel berät Selbstständige. Festpreise ab 149 € im Monat.',
      'de',
      'Acme Steuerkanzlei',
    );
    expect(de.location).toBe('Kiel');
    expect(de.product).toBe('');
    expect(de.category).toBe('financial services > accounting and bookkeeping');
  });

  it('reads emoji bullets, "Watch out:"/"Importante:" notes that forbid, a dash that only qualifies, "est." years and a labelled product line with its price', () => {
    const en = briefOf(
      [
        'Acme Dental, three practices',
        "What we're promoting: clear aligners",
        '• Free scan + consultation (worth £95) – Jan/Feb only',
        '• Finance from £49/month, 0% APR over 24 months',
        'Watch out: regulator rules – don\'t say "painless"',
        'Business: family-run roofer, est. 2006',
        'Mandatories: "Approved" must appear with the logo; no "cheapest" claims',
      ].join('\n'),
      'en',
      'Acme Dental',
    );
    expect(en.product).toBe('clear aligners');
    const texts = en.facts.map((f) => f.text);
    expect(texts).toContain('Free scan + consultation (worth £95) – Jan/Feb only');
    expect(en.facts.find((f) => f.text.startsWith('Finance'))?.role).toBe('price');
    expect(en.facts.find((f) => f.text === 'est. 2006')?.role).toBe('proof');
    expect(texts.join(' ')).not.toMatch(/Watch out|regulator/);
    expect(en.avoid).toEqual(expect.arrayContaining(['painless', 'cheapest']));
    expect(en.mandatories).toEqual(['"Approved" must appear with the logo']);
    const fr = briefOf(
      '🚲 Acme Vélo — réparation de vélos à domicile, Lyon\n⭐ 4,8/5 sur Google — 510 avis\n🎁 Offre rentrée : -20 % sur la révision',
      'fr',
      'Acme Vélo',
    );
    expect(fr.category).toBe('automotive > bike repair');
    expect(fr.facts).toContainEqual(
      expect.objectContaining({ role: 'proof', text: '4,8/5 sur Google — 510 avis' }),
    );
    expect(fr.facts).toContainEqual(
      expect.objectContaining({ role: 'offer', text: '-20 % sur la révision' }),
    );
    const es = briefOf(
      'Acme Fisio, clínica en Zaragoza.\nImportante: no prometer curaciones ni hablar de "sin dolor".',
      'es',
      'Acme Fisio',
    );
    expect(es.facts.map((f) => f.text).join(' ')).not.toMatch(/Importante|prometer/);
    expect(es.avoid).toContain('sin dolor');
    const de = briefOf(
      'Acme Brauerei\n1) Wer wir sind: Familienbrauerei in Kiel, seit 1887\n2) Produkt: Bier-Abo – jeden Monat 12 Flaschen, ab 34,90 € inkl. Versand',
      'de',
      'Acme Brauerei',
    );
    expect(de.facts.map((f) => f.text).join(' ')).not.toMatch(/Wer wir sind/);
    expect(de.facts).toContainEqual(
      expect.objectContaining({
        role: 'price',
        text: 'Bier-Abo – jeden Monat 12 Flaschen, ab 34,90 € inkl. Versand',
      }),
    );
  });

  it('skips a greeting that names the client, "B2B SaaS" and "Brief campagne" header items, a disowned claim, a pain section named by what annoys, and audience words for the trade', () => {
    const en = briefOf(
      [
        "Hi both — brief for Acme Skin's January push below.",
        'Acme Skin is a UK skincare brand. Free UK delivery over £25.',
        'Please avoid anything that sounds medical (no "treats acne").',
        'Ta!',
      ].join('\n\n'),
      'en',
      'Acme Skin',
    );
    expect(en.product).not.toMatch(/Hi|brief/);
    expect(en.avoid).toContain('treats acne');
    expect(en.facts.map((f) => f.text).join(' ')).not.toMatch(/Please avoid|Ta!/);
    const saas = briefOf(
      'ACME | B2B SaaS | Field service scheduling\nWho buys: ops managers at plumbing & electrical contractors\nWhat it does: route optimisation, invoices sent from the van',
      'en',
      'Acme',
    );
    expect(saas.product).toBe('Field service scheduling');
    expect(saas.category).toBe('B2B technology > business software');
    expect(saas.facts).toContainEqual(
      expect.objectContaining({ role: 'feature', text: 'route optimisation' }),
    );
    const fr = briefOf(
      'Brief campagne — Acme Fest (Annecy), 3e édition\nChiffres 2026 : 18 000 festivaliers\nNe pas écrire « le plus grand festival »',
      'fr',
      'Acme Fest',
    );
    expect(fr.product).toBe('');
    expect(fr.facts).toContainEqual(expect.objectContaining({ role: 'proof', text: '18 000 festivaliers' }));
    expect(fr.avoid).toContain('le plus grand festival');
    const es = briefOf(
      'Acme Pizza, Valencia\nQué es: pizzería napolitana con horno de leña\nReseñas: "la mejor de Valencia" según clientes (no usar como claim nuestro)',
      'es',
      'Acme Pizza',
    );
    expect(es.product).toBe('pizzería napolitana');
    expect(es.category).toBe('food & drink > pizzeria');
    expect(es.facts.map((f) => f.text).join(' ')).not.toMatch(/la mejor/);
    expect(es.avoid).toContain('la mejor de Valencia');
    const de = briefOf(
      'Hallo zusammen,\n\nkurz zur Acme Physiopraxis in Kiel: Wir sind ein Team aus 6 Physiotherapeutinnen und bieten Krankengymnastik, manuelle Therapie und Lymphdrainage an.\n\nWas unsere Patienten nervt: lange Wartezeiten bei anderen Praxen.',
      'de',
      'Acme Physiopraxis',
    );
    expect(de.product).not.toMatch(/ an$|kurz/);
    expect(de.category).toBe('health > physiotherapy');
    expect(de.facts).toContainEqual(
      expect.objectContaining({ role: 'pain', text: 'lange Wartezeiten bei anderen Praxen' }),
    );
  });

  it('keeps an answer that points back after a dash, reads a rating "4.9 on <Site>", "won\'t" as no award, "New customers: …" as an offer for them, Markdown bold around the name, an item listed after the product, and a rival not to compare with', () => {
    const en = briefOf(
      [
        'Acme Solar, solar installer in Bristol.',
        "They're 4.9 on Which? Trusted Traders.",
        "Customers worry it won't work in cloudy Britain — it does, panels work on daylight.",
        'The angle this time: energy bills.',
        'new customers: 10% off first install',
      ].join('\n'),
      'en',
      'Acme Solar',
    );
    expect(en.facts.find((f) => f.text.includes('4.9'))?.role).toBe('proof');
    expect(en.facts).toContainEqual(
      expect.objectContaining({
        role: 'objection',
        text: "Customers worry it won't work in cloudy Britain — it does, panels work on daylight",
      }),
    );
    expect(en.facts.map((f) => f.text).join(' ')).not.toMatch(/angle|energy bills/);
    expect(en.audience).toBe('');
    expect(en.facts).toContainEqual(
      expect.objectContaining({ role: 'offer', text: 'new customers: 10% off first install' }),
    );
    const de = briefOf(
      '**Acme Optik** (Leipzig-Gohlis)\n\n**Was wir verkaufen:** Brillen und Kontaktlinsen, Sehtest kostenlos\n**Bitte nicht:** "Billigbrillen", Vergleiche mit Rivalo',
      'de',
      'Acme Optik',
    );
    expect(de.product).toBe('Brillen und Kontaktlinsen');
    expect(de.location).toBe('Leipzig-Gohlis');
    expect(de.facts.map((f) => f.text)).toContain('Brillen und Kontaktlinsen, Sehtest kostenlos');
    expect(de.avoid).toEqual(expect.arrayContaining(['Billigbrillen', 'Rivalo']));
    const fr = briefOf(
      'ACME — TRAITEUR ÉVÉNEMENTIEL (LILLE)\nQui : traiteur familial depuis 1978\nQuoi : buffets, cocktails et repas assis pour mariages (de 20 à 500 personnes)',
      'fr',
      'Acme',
    );
    expect(fr.location).not.toMatch(/TRAITEUR/);
    expect(fr.facts.map((f) => f.text)).toContain(
      'buffets, cocktails et repas assis pour mariages (de 20 à 500 personnes)',
    );
    expect(fr.facts.map((f) => f.text).join(' ')).not.toMatch(/Qui|Quoi|^:/);
    const es = briefOf(
      'Buenas! Te mando la info de Acme Idiomas (Bilbao).\n\nSomos academia de inglés y alemán para niños y adultos.',
      'es',
      'Acme Idiomas',
    );
    expect(es.product).toBe('academia de inglés y alemán');
    expect(es.category).toBe('education > language school');
  });

  it('reads a chat export and a Q&A interview without their speakers, and separates proofs that each prove something', () => {
    const chat = briefOf(
      [
        '[10:42] Tom: ok client is Acme Café, Harrogate',
        '[10:42] Tom: independent café + bakery, been there 12 yrs',
        '[10:43] Tom: they want footfall on weekday mornings',
        "[10:43] Sara: what's the hook?",
        '[10:44] Tom: 4.8 on google, 600ish reviews',
      ].join('\n'),
      'en',
      'Acme Café',
    );
    expect(chat.location).toBe('Harrogate');
    expect(chat.product).toBe('');
    const texts = chat.facts.map((f) => f.text);
    expect(texts.join(' ')).not.toMatch(/Tom|Sara|hook|footfall/);
    expect(texts).toContain('4.8 on google, 600ish reviews');
    const qa = briefOf(
      'Q: What\'s the business?\nA: Acme Physio, a sports physio clinic in Denver.\n\nQ: Proof?\nA: 900+ five-star reviews on Google.\n\nQ: Anything legal?\nA: Don\'t say "cure".',
      'en',
      'Acme Physio',
    );
    expect(qa.product).toBe('sports physio clinic');
    expect(qa.facts.map((f) => f.text).join(' ')).not.toMatch(/Q:|A:|\?/);
    expect(qa.facts).toContainEqual(
      expect.objectContaining({ role: 'proof', text: '900+ five-star reviews on Google' }),
    );
    expect(qa.avoid).toContain('cure');
    const de = briefOf(
      'Acme Küchen GmbH\nBelege: über 3.500 Küchen seit 1996, 4,8 Sterne bei Google (740 Bewertungen), 5 Jahre Garantie auf alle Möbel\nInfos: parking gratuit',
      'de',
      'Acme Küchen',
    );
    expect(de.facts.map((f) => f.text)).toEqual(
      expect.arrayContaining(['über 3.500 Küchen seit 1996', '4,8 Sterne bei Google (740 Bewertungen)']),
    );
    const whole = briefOf(
      'Acme Skin, skincare.\nProof: In a 12-week trial (n=104), 89% said their skin looked smoother',
      'en',
      'Acme Skin',
    );
    expect(whole.facts.map((f) => f.text)).toContain(
      'In a 12-week trial (n=104), 89% said their skin looked smoother',
    );
  });

  it('never runs a figure across lines, reads "customers hate:" as pains, "what parents love:" as benefits, "Background:" as claims, and a German place after the name', () => {
    const en = briefOf(
      [
        'acme electrical ltd',
        '- same day callouts if booked before 12',
        '- 4.9 checkatrade (210)',
        "customers hate: electricians who don't turn up, quotes that change on the day",
        'Background: 3 practices, 24/7 emergency cover at our main site.',
      ].join('\n'),
      'en',
      'Acme Electrical',
    );
    expect(en.product).toBe('');
    const texts = en.facts.map((f) => f.text);
    expect(texts).toContain('same day callouts if booked before 12');
    expect(en.facts).toContainEqual(
      expect.objectContaining({ role: 'proof', text: '4.9 checkatrade (210)' }),
    );
    expect(en.facts).toContainEqual(
      expect.objectContaining({ role: 'pain', text: "electricians who don't turn up" }),
    );
    expect(en.audience).toBe('');
    expect(texts).toContain('3 practices, 24/7 emergency cover at our main site');
    const fr = briefOf(
      "Crèche Acme, Lyon\nCe que les parents apprécient : les transmissions sur l'appli, et les horaires larges",
      'fr',
      'Crèche Acme',
    );
    expect(fr.facts).toContainEqual(
      expect.objectContaining({
        role: 'benefit',
        text: "les transmissions sur l'appli, et les horaires larges",
      }),
    );
    const de = briefOf(
      'Acme Studio Köln-Ehrenfeld\n\nBoutique-Gym mit Kursen in Kleingruppen (max. 12 Personen).\nKeine Vorher-Nachher-Versprechen.',
      'de',
      'Acme Studio',
    );
    expect(de.location).toBe('Köln-Ehrenfeld');
    expect(de.category).toBe('sport > gym and fitness club');
    expect(de.facts.map((f) => f.text).join(' ')).not.toMatch(/Versprechen/);
  });

  it('reads dot-leader labels under a rule line, a line the ads must carry, testimonial and award lines, and trades whose cues are in the brief', () => {
    const en = briefOf(
      [
        'CLIENT BRIEF — PAID SOCIAL',
        '==========================',
        'Client ........ Acme Smiles Leeds',
        'Service ....... teeth whitening (in-chair + take-home kits)',
        'Price ......... from £295',
        'Compliance .... whitening only by a registered dentist (must say so); no "permanent" or "instant"',
      ].join('\n'),
      'en',
      'Acme Smiles',
    );
    expect(en.product).toBe('teeth whitening');
    expect(en.facts).toEqual([expect.objectContaining({ role: 'price', text: 'from £295' })]);
    expect(en.mandatories).toEqual(['whitening only by a registered dentist']);
    expect(en.avoid).toEqual(['permanent', 'instant']);
    const lodges = briefOf(
      'Acme Lodges is a collection of 14 luxury lodges with private hot tubs by a lake. Guests rate us 9.6 on Booking.com.',
      'en',
      'Acme Lodges',
    );
    expect(lodges.category).toBe('travel > holiday cottages and lodges');
    expect(lodges.subject).not.toMatch(/collection/);
    expect(lodges.facts.find((f) => f.text.includes('9.6'))?.role).toBe('proof');
    const de = briefOf(
      'Zahnarztpraxis Acme, Kiel\nWas Patienten sagen: „Endlich keine Angst mehr“ (Google-Bewertung)',
      'de',
      'Zahnarztpraxis Acme',
    );
    expect(de.facts).toEqual([
      expect.objectContaining({ role: 'proof', text: '„Endlich keine Angst mehr“ (Google-Bewertung)' }),
    ]);
    const fr = briefOf(
      'Boulangerie Acme, Rennes\n- Meilleure baguette du département 2024 (concours départemental)\nObjectif : faire connaître la nouvelle boutique',
      'fr',
      'Boulangerie Acme',
    );
    expect(fr.facts).toEqual([expect.objectContaining({ role: 'proof' })]);
    const es = briefOf('Acme Viajes: cruceros de 7 noches desde 699 € por persona.', 'es', 'Acme Viajes');
    expect(es.category).toBe('travel > ocean cruises');
  });

  it('reads a lower-case bracket beside the name as the trade, a prohibition with its reason after a dash, a two-letter quoted word to avoid, and participle qualifiers in lists', () => {
    const en = briefOf(
      [
        'Acme Tails (dog daycare) – Bristol BS3',
        'Key info:',
        '1. Max 20 dogs a day, split by size & energy',
        '2. Daily photo updates via our app',
        'Trial day: first half-day FREE for new dogs',
        'Don\'t say "kennel" — we\'re not a kennel.',
        'Don\'t claim "AI" – legal hasn\'t cleared it',
      ].join('\n'),
      'en',
      'Acme Tails',
    );
    expect(en.product).toBe('dog daycare');
    expect(en.location).toBe('Bristol');
    const texts = en.facts.map((f) => f.text);
    expect(texts).toContain('Max 20 dogs a day, split by size & energy');
    expect(texts.join(' ')).not.toMatch(/kennel|legal/);
    expect(en.avoid).toEqual(expect.arrayContaining(['kennel', 'AI']));
    expect(en.facts.find((f) => f.text.startsWith('Trial day'))?.role).toBe('offer');
    const fr = briefOf(
      "Opticien Acme — Lyon 6e\n\nCe qu'on veut dire :\n- 2e paire offerte\n- 4,8/5 sur Google (340 avis)",
      'fr',
      'Opticien Acme',
    );
    expect(fr.facts.map((f) => f.text).join(' ')).not.toMatch(/veut dire/);
  });

  it('reads Do and Do-not lists, hashtag lines, a persona label in prose, a handover line that says the place, and a note that carries the rating', () => {
    const en = briefOf(
      [
        'Acme Fork — plant-based meal delivery, London',
        '#vegan #highprotein #mealprep',
        'Do:',
        '- mention 30g+ protein per meal',
        "Don't:",
        '- say "healthy" (ASA)',
        '- compare us to Rival Kitchen',
        'Acme Fork is a meal service. Persona: Emma, 31, first-time buyer, anxious about hidden costs. We want her to order a box.',
      ].join('\n'),
      'en',
      'Acme Fork',
    );
    const texts = en.facts.map((f) => f.text);
    expect(texts).toContain('30g+ protein per meal');
    expect(texts.join(' ')).not.toMatch(/#vegan|Do\b|Persona|want her/);
    expect(en.avoid).toEqual(expect.arrayContaining(['healthy', 'Rival Kitchen']));
    expect(en.audience).toBe('Emma, 31, first-time buyer, anxious about hidden costs');
    const es = briefOf(
      '¡Hola! 👋 Os paso lo de Heladería Acme 🍦 (Madrid, Malasaña)\n✨ 24 sabores, 8 veganos\n🎉 Este verano: 2º cucurucho a mitad de precio\n¡Gracias! 😊',
      'es',
      'Heladería Acme',
    );
    expect(es.location).toBe('Madrid, Malasaña');
    expect(es.category).toBe('food & drink > ice cream parlour');
    expect(es.facts.find((f) => f.text.includes('mitad de precio'))?.role).toBe('offer');
    expect(es.facts.map((f) => f.text).join(' ')).not.toMatch(/Hola|Gracias/);
    const fr = briefOf(
      'Studio Acme — Bordeaux. Note Google : 4,9 (310 avis). Ne pas promettre de perte de poids.',
      'fr',
      'Studio Acme',
    );
    expect(fr.facts).toContainEqual(expect.objectContaining({ role: 'proof', text: '4,9 (310 avis)' }));
    expect(fr.avoid).toContain('perte de poids');
  });

  it('reads an exclamation as its own sentence, a name the header spells out, what the client hates being called, a claim behind "their thing is", and a line the ad must include', () => {
    const en = briefOf(
      'Hey! So this is for Acme Physio — they\'re a sports injury clinic. Their thing is that every new patient gets a 60-min assessment. Oh and they HATE when people call them "massage therapists" lol.',
      'en',
      'Acme Physio',
    );
    expect(en.product).toBe('sports injury clinic');
    expect(en.facts.map((f) => f.text)).toContain('every new patient gets a 60-min assessment');
    expect(en.facts.map((f) => f.text).join(' ')).not.toMatch(/HATE|lol/);
    expect(en.avoid).toContain('massage therapists');
    const fr = briefOf(
      'Agence Immobilière Acme – Annecy\nEstimation gratuite sous 48 h',
      'fr',
      'Agence Immo Acme',
    );
    expect(fr.product).toBe('');
    const es = briefOf(
      'Clínica Acme - Alicante\n• Primera visita gratis\nImportante: publicidad sanitaria → incluir nº de registro sanitario 12345 en el anuncio',
      'es',
      'Clínica Acme',
    );
    expect(es.mandatories).toEqual([
      'publicidad sanitaria → incluir nº de registro sanitario 12345 en el anuncio',
    ]);
  });

  it('reads an apostrophe inside a quoted phrase, a legal line marked mandatory, a voted-best award, a pass rate, and a German pain', () => {
    const en = briefOf(
      'Acme Care, care homes in Surrey.\nPlease don\'t use the phrase "old people\'s home".',
      'en',
      'Acme Care',
    );
    expect(en.avoid).toContain("old people's home");
    const fr = briefOf(
      "Cave Acme — caviste à Nantes.\nÉlue meilleure cave du département (2024).\nL'abus d'alcool est dangereux pour la santé, à consommer avec modération (obligatoire).",
      'fr',
      'Cave Acme',
    );
    expect(fr.mandatories).toEqual([
      "L'abus d'alcool est dangereux pour la santé, à consommer avec modération",
    ]);
    expect(fr.facts.map((f) => f.text).join(' ')).not.toMatch(/abus/);
    expect(fr.facts.find((f) => f.text.startsWith('Élue'))?.role).toBe('proof');
    const es = briefOf(
      'Autoescuela Acme, Zaragoza\nAprobados a la primera: 81% en práctico (2025)',
      'es',
      'Autoescuela Acme',
    );
    expect(es.facts[0]?.role).toBe('proof');
    const de = briefOf(
      'Maler Acme, Kiel.\nKunden ärgern sich oft über Maler, die wochenlang keinen Termin haben.',
      'de',
      'Maler Acme',
    );
    expect(de.facts[0]?.role).toBe('pain');
  });

  it('reads a must-include line under compliance, a "no X" qualifier after a dash, an NB about the client, renters as an audience, and an acronym as no picture', () => {
    const en = briefOf(
      [
        'Acme Eye Clinic — laser eye surgery, Leeds.',
        'Compliance: must include "Suitability will be confirmed at consultation". No "perfect vision".',
        'You can bring your own caterer and drinks — no corkage.',
        'customers are mostly renters getting deposits back',
        'NB client wants to push upholstery more - sofas from £49',
      ].join('\n'),
      'en',
      'Acme Eye Clinic',
    );
    expect(en.mandatories).toEqual(['Suitability will be confirmed at consultation']);
    expect(en.avoid).toEqual(['perfect vision']);
    expect(en.facts.map((f) => f.text)).toContain('You can bring your own caterer and drinks — no corkage');
    expect(en.audience).toBe('renters getting deposits back');
    expect(en.facts.map((f) => f.text).join(' ')).not.toMatch(/client wants/);
    const vat = briefOf(
      'Acme Accountants | Manchester\nServices: bookkeeping, VAT returns, payroll',
      'en',
      'Acme Accountants',
    );
    expect(vat.subject).not.toMatch(/\bvat\b/);
  });

  it("reads an e-mail that hands a brief over: the claim after a remark's colon, a town no library knows, a list after a dash, and leads that only introduce a claim", async () => {
    const en = briefOf(
      [
        'Hi Sam,',
        '',
        "As discussed, here's the info for Acme Roofing's winter campaign.",
        '',
        "They're a family firm in Swindon, been going since 1987. They do all roofing — tiles, slates, flat roofs, chimneys.",
        "What they're really proud of is that they never use subcontractors.",
        'Winter is busy, so they want to push emergency repairs: they can usually get someone out within 24 hours.',
        "They'd like to offer 10% off for over-65s.",
      ].join('\n'),
      'en',
      'Acme Roofing',
    );
    expect(en.product).not.toMatch(/discussed|info/);
    expect(en.location).toBe('Swindon');
    const texts = en.facts.map((f) => f.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        'They do all roofing — tiles, slates, flat roofs, chimneys',
        'they never use subcontractors',
        'they can usually get someone out within 24 hours',
        '10% off for over-65s',
      ]),
    );
    // Read as the service reads English, with the NLP library: an acronym it does not know as a place is none.
    const brief = await extractBrief({
      researchSummary:
        'Acme Tutors – online maths tutoring, GCSE and A-level\nSupport:\n- 1:1 lessons\nMandatories: "Terms apply." FCA number 123456.\nAvoid: "best tutors in the UK"',
      language: 'en',
      clientName: 'Acme Tutors',
    });
    expect(brief.location).toBe('');
    expect(brief.facts.map((f) => f.text).join(' ')).not.toMatch(/Support|FCA/);
  });

  it('reads a French hand-over e-mail and its sign-off, a complaint as a pain, a pass rate as proof, and "llave en mano" as part of the product', () => {
    const fr = briefOf(
      'Bonjour,\n\nVoici les éléments pour Plomberie Acme (Toulouse et agglomération).\n\nActivité : dépannage plomberie, chauffe-eau.\nLes clients se plaignent souvent des plombiers qui ne rappellent jamais.\n\nBonne journée,\nClaire',
      'fr',
      'Plomberie Acme',
    );
    expect(fr.location).toBe('Toulouse et agglomération');
    expect(fr.product).toBe('dépannage plomberie');
    expect(fr.facts.map((f) => f.text).join(' ')).not.toMatch(/Voici|Bonne journée|Claire/);
    expect(fr.facts.find((f) => f.text.startsWith('Les clients'))?.role).toBe('pain');
    const de = briefOf(
      'Fahrschule Acme, Kiel\nBestehensquote Praxis 2025: 82 % beim ersten Versuch',
      'de',
      'Fahrschule Acme',
    );
    expect(de.facts[0]?.role).toBe('proof');
    const es = briefOf(
      'Reformas Acme — Sevilla\n¿Qué hacemos? Reformas integrales de cocinas y baños llave en mano.',
      'es',
      'Reformas Acme',
    );
    expect(es.product).toBe('Reformas integrales de cocinas y baños llave en mano');
  });

  it('reads climbing gyms and funeral directors as their trades, a header in the perfect tense as a claim, and "What\'s new:" as a label', () => {
    const climb = briefOf(
      "Acme Climbing — bouldering gym, Leeds\nWhat's new: we've just opened a second wall with 120 new problems",
      'en',
      'Acme Climbing',
    );
    expect(climb.category).toBe('sport > climbing and bouldering');
    expect(climb.facts.map((f) => f.text).join(' ')).not.toMatch(/What's new/);
    const funeral = briefOf(
      'Acme & Sons Funeral Directors have served families in Ipswich since 1921. Simple funerals from £1,995, with a fixed price list published on our website.',
      'en',
      'Acme & Sons Funeral Directors',
    );
    expect(funeral.category).toBe('professional services > funeral directors');
    expect(funeral.product).toBe('');
    expect(funeral.facts.map((f) => f.text)).toContain(
      'Acme & Sons Funeral Directors have served families in Ipswich since 1921',
    );
  });

  it('reads a complaint label, a town before its state code, and a Spanish line that opens with a label word as a claim', () => {
    const en = briefOf(
      'Acme Lawn Care — Columbus, OH\nSpecialty: weekly mowing\nFree first consult + soil test\nTop complaint about other firms: surprise fees',
      'en',
      'Acme Lawn Care',
    );
    expect(en.location).toBe('Columbus');
    expect(en.product).toBe('');
    expect(en.facts).toContainEqual(expect.objectContaining({ role: 'pain', text: 'surprise fees' }));
    expect(en.facts.find((f) => f.text.startsWith('Free first consult'))?.role).toBe('offer');
    const es = briefOf(
      'Peluquería Acme — Valencia\nEspecialistas en color\nProductos sin amoníaco',
      'es',
      'Peluquería Acme',
    );
    expect(es.facts.map((f) => f.text)).toContain('Productos sin amoníaco');
  });

  it('reads a butcher as its trade, a town with its district number as the place, and a Meilleur Ouvrier de France as proof', () => {
    const fr = briefOf(
      "Boucherie Acme (Lyon 3e) — boucher-charcutier depuis 1957\nMaturation sur place jusqu'à 45 jours\nMeilleur Ouvrier de France 2019",
      'fr',
      'Boucherie Acme',
    );
    expect(fr.category).toBe('food & drink > butcher');
    expect(fr.location).toBe('Lyon 3e');
    expect(fr.facts.find((f) => f.text.startsWith('Meilleur'))?.role).toBe('proof');
  });

  it('reads an e-mail hand-over: the client\'s wish as its claim, a quoted "avoid", a "mostly" audience, a town with its state code', async () => {
    const brief = await extractBrief({
      researchSummary:
        "Hi team, brief for Acme Trees below.\n\nAcme Trees, Dayton OH. Tree felling and stump grinding. £5m public liability insurance. Mostly homeowners with big gardens. They'd like to push spring pruning, 10% off bookings made before April. Avoid 'cheap' — they're not. Patients say: \"Tidy and quick\"\nCustomers: landlords who are tired of no-shows\nArborists are certified.\n\nThanks, Jo",
      language: 'en',
      clientName: 'Acme Trees',
    });
    expect(brief.location).toBe('Dayton OH');
    expect(brief.product).not.toMatch(/Dayton/);
    expect(brief.category).toBe('home services > tree surgery');
    const facts = brief.facts.map((f) => `${f.role}: ${f.text}`);
    // The wish is the agency's; the offer is the client's.
    expect(facts).toContain('offer: spring pruning, 10% off bookings made before April');
    expect(facts.join(' ')).not.toMatch(/They'd like|Avoid|cheap|Mostly/);
    expect(brief.avoid).toContain('cheap');
    expect(brief.audience).toMatch(/homeowners with big gardens|landlords/);
    expect(facts).toContain('proof: £5m public liability insurance');
    // "Patients say:" names what customers say, not an audience.
    expect(facts).toContain('proof: "Tidy and quick"');
    // The worry without the clause's own verb.
    expect(facts).toContain('pain: tired of no-shows');
  });

  it('reads a plural noun before a copula as the subject, and no verb after the name as the product', async () => {
    const hooks = await hooksOf(
      'Acme Kayaks, Mobile AL. Guided kayak tours through the bayou. Guides are ACA-certified. Sunsets from $60 per adult. 4.9 on TripAdvisor. Sunset tours on Fridays.',
      'Acme Kayaks',
    );
    expect(hooks.join('\n')).not.toMatch(/Acme Kayaks Guides|Acme Kayaks Sunsets/);
    expect(hooks.some((h) => /Guides are ACA-certified/.test(h))).toBe(true);
    const es = briefOf(
      'Cerrajería Acme lleva desde 1990 en Teruel. Abrimos puertas 24 horas. Cerraduras de seguridad desde 90 €.',
      'es',
      'Cerrajería Acme',
    );
    expect(es.product).toBe('');
    expect(es.category).toBe('home services > locksmith');
  });

  it("reads a table's column of field names, an interview's questions and a name's initials, never as copy", () => {
    const table = briefOf(
      '| Field | Detail |\n|---|---|\n| Business | Acme Chemist, Stockport |\n| Offer | Free blood pressure checks |\n| Also | Travel jabs from £40 per dose |\n| Audience | Over-50s |',
      'en',
      'Acme Chemist',
    );
    const tableFacts = table.facts.map((f) => f.text);
    expect(tableFacts).toContain('Travel jabs from £40 per dose');
    expect(tableFacts.join(' ')).not.toMatch(/Also|\|/);
    const interview = briefOf(
      "Q: What does Acme do?\nA: Bike shop in Leeds.\nQ: What's special?\nA: Free servicing for a year on every new bike.",
      'en',
      'Acme Bikes',
    );
    expect(interview.facts.map((f) => f.text).join(' ')).not.toMatch(/special/);
    expect(interview.facts.map((f) => f.text)).toContain('Free servicing for a year on every new bike');
    const club = briefOf(
      'Acme Lakes GC, Guelph ON\n- 18-hole course, par 72\n- Avoid golf jargon',
      'en',
      'Acme Lakes Golf Club',
    );
    expect(club.product).toBe('');
    // A name with a bracket ("(UK)") gives no initials, and no error.
    expect(briefOf('Acme, Leeds. Roof repairs from £90.', 'en', 'Acme (UK) Ltd').location).toBe('Leeds');
    expect(club.location).toMatch(/^Guelph/);
    expect(club.category).toBe('sport > golf club');
    expect(club.facts.map((f) => f.text).join(' ')).not.toMatch(/jargon/);
  });

  it('reads a wish to win customers with an offer as the offer, and a verb and a preposition after the name as a claim', () => {
    const es = briefOf(
      'Clínica Veterinaria Acme, Teruel. Urgencias 24 h. Queremos captar clientes nuevos con la primera consulta gratis.',
      'es',
      'Clínica Veterinaria Acme',
    );
    expect(es.facts).toContainEqual(
      expect.objectContaining({ role: 'offer', text: 'primera consulta gratis' }),
    );
    const hospice = briefOf(
      'Acme Hospice cares for 900 people a year across Kent. All our care is free to patients and families.',
      'en',
      'Acme Hospice',
    );
    expect(hospice.product).toBe('');
    expect(hospice.category).toBe('non-profit > hospice care');
    expect(hospice.facts.map((f) => f.text)).toContain(
      'Acme Hospice cares for 900 people a year across Kent',
    );
  });

  it('finds the trade by its own words, not by a word other trades use ("dishwasher safe", a pet hotel)', () => {
    const pottery = briefOf(
      'Acme Pottery makes handmade stoneware mugs and bowls in Devon. Dishwasher safe. Free delivery over £50.',
      'en',
      'Acme Pottery',
    );
    expect(pottery.category).toBe('retail > ceramics and tableware');
    const boarding = briefOf(
      'ACME PET HOTEL — DOG & CAT BOARDING, YORK\nHeated suites for dogs.',
      'en',
      'Acme Pet Hotel',
    );
    expect(boarding.category).toBe('pet care > pet boarding and kennels');
    const cars = briefOf(
      'Concesionario de coches de segunda mano en Jaén. Garantía de 12 meses.',
      'es',
      'Autos Acme',
    );
    expect(cars.category).toBe('automotive > car dealership');
  });

  it("says the business's name once when a fact already opens with it", async () => {
    const hooks = await hooksOf(
      'Acme & Sons Undertakers have served families in Dover since 1921. Simple funerals from £1,900. Open 24 hours.',
      'Acme & Sons Undertakers',
    );
    expect(hooks.some((h) => h.includes('Acme & Sons Undertakers have served'))).toBe(true);
    expect(hooks.join('\n')).not.toMatch(/Acme & Sons Undertakers: Acme/);
  });

  it('reads a line the ads must carry, told after a dash, as a mandatory and no claim', () => {
    const b = briefOf(
      'Acme Hospice cares for 900 people a year. All our care is free. Registered charity 1234567 — must appear.',
      'en',
      'Acme Hospice',
    );
    expect(b.mandatories).toContain('Registered charity 1234567');
    expect(b.facts.map((f) => f.text).join(' ')).not.toMatch(/1234567|must appear/);
  });

  it('reads a result as the benefit it gives, a figure after a product label as a claim, and a month ending a sentence as no date', () => {
    const b = briefOf(
      "Acme Grooming, Camden. We come to your door, so no stressful car journeys. Beginners' course: 6 weeks for £60. Members are mostly office workers who want a quick visit. Open April to October. 4.9 on TripAdvisor.",
      'en',
      'Acme Grooming',
    );
    expect(b.location).toBe('Camden');
    expect(b.product).toBe('');
    expect(b.audience).toMatch(/^office workers/);
    const facts = b.facts.map((f) => `${f.role}: ${f.text}`);
    expect(facts).toContain('benefit: no stressful car journeys');
    expect(facts).toContain('price: 6 weeks for £60');
    expect(facts).toContain('feature: Open April to October');
    expect(facts).toContain('proof: 4.9 on TripAdvisor');
  });

  it("reads a creative brief's reasons to believe, a do-list's directions and a facts section that opens with the name", () => {
    const b = briefOf(
      "DO:\n- say 'fixed price, agreed before we start'\n- use the 6-week build time\nDON'T:\n- say 'cheap'\nFACTS: Acme Lofts, Derby. 400+ lofts since 2010.\nReasons to believe: RIBA architects; 10-year guarantee\nNew customers: half price first design visit",
      'en',
      'Acme Lofts',
    );
    const facts = b.facts.map((f) => f.text);
    expect(facts).toContain('fixed price, agreed before we start');
    expect(facts).toContain('6-week build time');
    expect(facts).toContain('RIBA architects');
    expect(facts).toContain('New customers: half price first design visit');
    expect(facts.join(' | ')).not.toMatch(/Reasons|Acme Lofts|Derby|^use /);
    expect(b.location).toBe('Derby');
    expect(b.audience).toBe('');
  });

  it('never asks what the business says of itself, and gives a mass noun no article', async () => {
    const hooks = await hooksOf(
      'Acme Heat, heat pump installers in Leeds.\nInsight: most of our installs are in pre-1950 homes\nPlastic-free packaging\n1,100 installs since 2019\nFree survey',
      'Acme Heat',
    );
    expect(hooks.join('\n')).not.toMatch(/our installs are in pre-1950 homes\?/i);
    expect(hooks.join('\n')).not.toMatch(/a plastic-free packaging/i);
  });

  it('finds a cattery, a taverna and a rowing club by their own words, not a kennel, a bakery or a bike', () => {
    const cattery = briefOf(
      'Acme Paws is a cats-only boarding cattery. Heated chalets, £16 a night.',
      'en',
      'Acme Paws',
    );
    expect(cattery.category).toBe('pet care > catteries');
    const taverna = briefOf(
      'Acme Taverna, Brighton. Family recipes from Crete. Meze for two £24. Fresh bread daily.',
      'en',
      'Acme Taverna',
    );
    expect(taverna.category).toBe('food & drink > restaurant');
    const rowing = briefOf(
      'Acme Rowing Club, Henley. Learn to row course for adults, £120. All kit provided.',
      'en',
      'Acme Rowing Club',
    );
    expect(rowing.category).toBe('sport > rowing and paddling');
  });

  it('keeps a note in brackets out of the place, reads a distance as a claim, and a trade before "in" as the product', () => {
    const hygienist = briefOf(
      'Acme Hygiene — direct access hygienist in Exeter (no referral needed). Airflow £70.',
      'en',
      'Acme Hygiene',
    );
    expect(hygienist.location).toBe('Exeter');
    const camping = briefOf(
      'Camping Acme**** – à 300 m de la plage, Vendée\nMobil-homes de 2 à 3 chambres',
      'fr',
      'Camping Acme',
    );
    expect(camping.product).toBe('');
    expect(camping.location).toBe('Vendée');
    expect(camping.facts.map((f) => f.text)).toContain('à 300 m de la plage');
  });

  it('reads a "don\'t" about a promise as policy, never a claim, and a farm shop as a farm shop', () => {
    const law = briefOf(
      "Acme Immigration Law, Toronto. Flat-fee packages from $1,500. Don't guarantee approval.",
      'en',
      'Acme Immigration Law',
    );
    expect(law.facts.map((f) => f.text).join(' ')).not.toMatch(/guarantee/i);
    expect(law.avoid.length).toBeGreaterThan(0);
    const farm = briefOf(
      'Acme Farm Shop near Ludlow. Our own beef and lamb, plus bread and veg from 30 local producers. Café and play area.',
      'en',
      'Acme Farm Shop',
    );
    expect(farm.category).toBe('food & drink > farm shop');
  });

  it('reads an opening of items between pipes as one header, and the trades by words in their own forms', () => {
    const school = briefOf(
      'Academia Acme | Alicante | inglés y alemán para adultos\nGrupos de máximo 8 alumnos',
      'es',
      'Academia Acme',
    );
    expect(school.location).toBe('Alicante');
    expect(school.product).not.toBe('Alicante');
    const home = briefOf(
      '¿Quiénes somos? Residencia para mayores en Córdoba.\n¿Para quién? Familias que buscan un sitio de confianza.',
      'es',
      'Residencia Acme',
    );
    expect(home.category).toBe('care > care homes');
    expect(home.facts.map((f) => f.text).join(' ')).not.toMatch(/Para quién/);
    const movers = briefOf(
      'Umzüge Acme GmbH, Leipzig\nPrivatumzüge und Firmenumzüge\nMöbelmontage',
      'de',
      'Umzüge Acme',
    );
    expect(movers.category).toBe('home services > removals');
    const lashes = briefOf(
      'Acme Lash Studio, Leeds. Classic lash extensions £45. Patch test before every first set (we must mention this).',
      'en',
      'Acme Lash Studio',
    );
    expect(lashes.category).toBe('beauty & personal care > beauty salon and spa');
    expect(lashes.mandatories.join(' ')).toMatch(/Patch test/);
  });

  it('never prints a reply that points back without the worry it answers', async () => {
    const hooks = await hooksOf(
      "Acme Chargers fit home EV chargers in Kent. Biggest objection: 'Will my neighbours mind?' We handle that with a free survey before any work. 'Do I need a new fuse board?' In about 1 in 8 homes, yes, and we quote that upfront. Rated 4.8 on Trustpilot. Installs take about 3 hours.",
      'Acme Chargers',
    );
    for (const h of hooks) {
      expect(h).not.toMatch(/^(?:In about 1 in 8 homes, yes|We handle that)/);
      expect(h).not.toMatch(/\. (?:In about 1 in 8 homes, yes|We handle that)/);
    }
  });

  it('reads a season after a place as a date, never the place or what is sold; a kayak tour is kayaking', () => {
    for (const summary of [
      'Guided sea kayak tours on the Gower coast, April to October. Half-day tour £55 per adult. Rated 4.9 on Google.',
      'Acme Kayaks runs guided sea kayak tours in Anglesey, May to September. Half-day tour £55 per adult. Rated 4.9 on Google.',
    ]) {
      const brief = briefOf(summary, 'en', 'Acme Kayaks');
      expect(brief.location).not.toMatch(/April|May/);
      if (summary.includes(' in ')) expect(brief.location).toBe('Anglesey');
      expect(brief.product).not.toMatch(/^(?:April|May)/);
      expect(brief.category).toBe('sport > kayaking and canoeing');
    }
  });

  it('reads a review reported in prose as its words, "Most bookings are …" as the audience, and a German sentence after a number', () => {
    const en = briefOf(
      'Acme Kayaks runs guided kayak trips in Anglesey. Half-day trip £55 per adult. Most bookings are families with kids 10+ and couples on holiday. A guest from Leek left a review saying "Best morning of our holiday." Rated 4.9 on Google.',
      'en',
      'Acme Kayaks',
    );
    expect(en.facts.map((f) => f.text)).toContain('"Best morning of our holiday."');
    expect(en.audience).toBe('families with kids 10+ and couples on holiday');
    expect(en.facts.map((f) => f.text).join('\n')).not.toMatch(/left a review|Most bookings/);
    const de = briefOf(
      'Acme Maler in Kassel. Wohnzimmer streichen ab 490 €. Kunden sind Eigentümer zwischen 40 und 70. Ihre größte Sorge: Dreck in der Wohnung. 4,9 Sterne bei Google.',
      'de',
      'Acme Maler',
    );
    expect(de.facts.map((f) => `${f.role}: ${f.text}`)).toContain('pain: Dreck in der Wohnung');
  });

  it('reads an e-mail hand-over: its headers, a CTA request, a campaign aim and a remark on whose words are no claims', () => {
    const brief = briefOf(
      "From: Sam (account lead)\nSubject: Acme brief\n\nAcme Glazing fits windows and doors in Kent. 10-year guarantee. They want 'Get a free quote' as the CTA. Ask: more domestic jobs in spring. Café-style showroom with proper coffee (customers' words, not ours!). £10m public liability. Clients are often worried about costs spiralling; we agree fixed fees up front.",
      'en',
      'Acme Glazing',
    );
    const facts = brief.facts.map((f) => `${f.role}: ${f.text}`);
    expect(brief.product).not.toMatch(/^From/);
    expect(facts.join('\n')).not.toMatch(/as the CTA|more domestic jobs|not ours|Sam/);
    expect(facts).toContain('proof: £10m public liability');
    expect(facts).toContain('objection: Clients are often worried about costs spiralling');
  });

  it('reads a French baker\'s "pain" as bread, a German "im Raum" as the place and a season\'s campaign as an offer', () => {
    const fr = briefOf(
      'Acme Boulangerie à Dijon. Baguette tradition 1,30 €. 4,8 sur Google. Nos clients nous disent que notre pain se garde trois jours.',
      'fr',
      'Acme Boulangerie',
    );
    expect(fr.facts.some((f) => f.role === 'pain')).toBe(false);
    const de = briefOf(
      'Acme Gartenbau im Raum Kassel. Pflegevertrag ab 79 € im Monat. 4,8 Sterne bei Google.\nFrühjahrsaktion: 10 % auf alle Pflasterarbeiten bis 30.04.',
      'de',
      'Acme Gartenbau',
    );
    expect(de.location).toBe('Kassel');
    expect(de.facts.map((f) => `${f.role}: ${f.text}`)).toContain(
      'offer: 10 % auf alle Pflasterarbeiten bis 30.04.',
    );
  });

  it('prints a place a header wrote in capitals in the case an ad prints it, and never runs a place past its line', async () => {
    for (const [summary, place] of [
      [
        'ACME LOFTS — OXFORD\nLoft conversions from £45,000. Rated 4.9 on Google. 10-year guarantee.',
        'Oxford',
      ],
      [
        'ACME LOFTS — NORTH LEICESTER, UK\nLoft conversions from £45,000. Rated 4.9 on Google.',
        'North Leicester, UK',
      ],
    ] as const) {
      const brief = await extractBrief({
        researchSummary: summary,
        language: 'en',
        clientName: 'Acme Lofts',
      });
      expect(brief.location).toBe(place);
    }
  });

  it('reads a German "nicht erwähnen" as policy, a WHO field that names the client as who they are, and a place in brackets whole', async () => {
    const de = briefOf(
      'Acme Elektro in Ulm. Wallbox inklusive Installation ab 1.290 €. 4,8 Sterne bei Google. Förderung nicht erwähnen.',
      'de',
      'Acme Elektro',
    );
    expect(de.facts.map((f) => f.text).join('\n')).not.toMatch(/erwähnen/);
    const who = await extractBrief({
      researchSummary:
        'WHO: Acme Roof Windows, Slough\nWHAT: replacement roof windows and blinds\nPRICE: from £895 fitted\nPROOF: 4.9 on Google (310)',
      language: 'en',
      clientName: 'Acme Roof Windows',
    });
    expect(who.audience).toBe('');
    expect(who.category).toBe('home services > windows and doors');
    const dental = await extractBrief({
      researchSummary: 'Acme Dental, San Diego (Point Loma). Family dentistry. New patient exam $99.',
      language: 'en',
      clientName: 'Acme Dental',
    });
    expect(dental.location).toBe('San Diego (Point Loma)');
  });

  it('reads a German electrician named by its trade ("Elektro Acme") as an electrician, not a smart-home shop', () => {
    const brief = briefOf(
      'Elektromeisterbetrieb in Kassel. Wallboxen, Smart Home und E-Check. Wallbox inklusive Installation ab 1.290 €. 4,8 Sterne bei Google.',
      'de',
      'Elektro Acme',
    );
    expect(brief.category).toBe('home services > electrician');
  });

  it('reads "Support:" in a creative brief as its section of claims, while a table row keeps its field name', async () => {
    const template = briefOf(
      "CREATIVE BRIEF\nClient: Acme Heat\nProblem: homeowners think heat pumps don't work in old houses\nProposition: a warm old house, without gas\nSupport: MCS-certified installers; 900 installs since 2019\nCTA: Check your home",
      'en',
      'Acme Heat',
    );
    expect(template.facts.map((f) => f.text)).toContain('MCS-certified installers');
    expect(template.facts.map((f) => f.text).join('\n')).not.toMatch(/Support:/);
  });

  it('reads an acupuncture centre as acupuncture', () => {
    const brief = briefOf(
      'Centro de acupuntura en Cádiz. Sesión de 60 minutos por 45 €. Acupuntora colegiada. 4,9 en Google (260 reseñas).',
      'es',
      'Acme Salud',
    );
    expect(brief.category).toBe('health > acupuncture');
  });
});
