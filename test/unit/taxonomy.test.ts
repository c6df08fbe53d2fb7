import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { taxonomyMarkdown } from '#core/brief/taxonomy/document.ts';
import { TAXONOMY } from '#core/brief/taxonomy/index.ts';
import { cueOccurs, placeInTaxonomy } from '#core/brief/taxonomy.ts';
import { loadNlp, type Nlp } from '#core/text/nlp.ts';

describe('the business taxonomy', () => {
  const subs = TAXONOMY.flatMap((v) => v.subs.map((s) => ({ vertical: v.name, ...s })));

  it('is broad: at least 150 sub-verticals, each with cues in four languages and a concrete scene', () => {
    expect(subs.length).toBeGreaterThanOrEqual(150);
    expect(new Set(subs.map((s) => `${s.vertical} > ${s.name}`)).size).toBe(subs.length);
    for (const s of subs) {
      for (const lang of ['en', 'es', 'de', 'fr'] as const)
        expect(s.cues[lang].length, `${s.name} ${lang}`).toBeGreaterThan(1);
      // A scene: who or what, doing what; no quotes or digits a picture model would print.
      expect(s.subject, s.name).toMatch(/^\p{Ll}+(?: \S+){4,}$/u);
      expect(s.subject, s.name).not.toMatch(/["\d]/);
    }
  });

  it('places invented briefs in four languages', () => {
    const place = (language: 'en' | 'es' | 'de' | 'fr', summary: string) =>
      placeInTaxonomy({ language, product: '', summary, nlp: undefined }).category;
    expect(place('en', 'Brightwater Plumbing fixes leaks and blocked drains across the valley.')).toBe(
      'home services > plumbing',
    );
    expect(place('es', 'Academia Sol: clases particulares de matemáticas para bachillerato.')).toBe(
      'education > private tutoring',
    );
    expect(place('de', 'Hofbäckerei Lenz backt Brot und Brötchen jeden Morgen frisch.')).toBe(
      'food & drink > bakery',
    );
    expect(place('fr', 'Cabinet Morel, votre dentiste pour toute la famille à Dijon.')).toBe(
      'health > dental clinic',
    );
    // A trade word inside a more specific phrase: a dog daycare is no nursery, a family dental
    // clinic no GP.
    expect(place('en', 'Pawprint dog daycare: play yards, webcams, staff:dog ratio 1:8.')).toBe(
      'pet care > dog walking and pet sitting',
    );
    expect(
      place(
        'es',
        'Clínica dental Risa, Teruel. Somos una clínica familiar. Ortodoncia y dentista de guardia.',
      ),
    ).toBe('health > dental clinic');
    // "Delivery" alone is any trade's: pallets are haulage, not a takeaway's.
    expect(
      place('en', 'Acme Freight Ltd: general haulage and next-day pallet delivery from Derby, 30 trucks.'),
    ).toBe('logistics > haulage and trucking');
    // An indoor playground with a café for parents is a family activity, not a café.
    expect(place('de', 'Kletterkiste – Indoorspielplatz in Kiel mit Trampolinen und Café für Eltern.')).toBe(
      'family services > family activities',
    );
    // Drawing and painting classes are art classes, not a decorator's painting.
    expect(place('es', 'Academia Acme – clases de dibujo y pintura para adultos en Murcia.')).toBe(
      'education > art classes',
    );
  });

  it('finds a phrase cue with its words in the plural, so a rental of things is not a letting of homes', () => {
    const place = (language: 'en' | 'es', summary: string) =>
      placeInTaxonomy({ language, product: summary, summary, nlp: undefined }).category;
    // "alquiler" alone is a lettings cue; "furgoneta camper" in the plural must outweigh it.
    expect(place('es', 'Alquiler de furgonetas camper para escapadas de fin de semana.')).toBe(
      'travel > campervan rental',
    );
    expect(place('en', 'We rent out electric cars by the week.')).not.toBe('travel > campervan rental');
  });

  it('finds a word cue with a plural ending only, not inside a longer word', () => {
    expect(cueOccurs(' two roofers on site ', 'roofer', 'en')).toBe(true);
    expect(cueOccurs(' three bakeries in town ', 'bakery', 'en')).toBe(true);
    expect(cueOccurs(' lockdown escape rooms ', 'lock', 'en')).toBe(false);
    expect(cueOccurs(' rooftop solar ', 'roof', 'en')).toBe(false);
  });

  it('is documented in docs/taxonomy.md, generated from the data', () => {
    expect(readFileSync(new URL('../../docs/taxonomy.md', import.meta.url), 'utf8')).toBe(taxonomyMarkdown());
  });

  describe("the scene's person in the brief's own word", () => {
    let nlp: Nlp;
    beforeAll(async () => {
      nlp = await loadNlp();
    }, 120_000);
    const scene = (summary: string) => placeInTaxonomy({ language: 'en', product: '', summary, nlp }).subject;
    // Found from the data, not written here: a sub-vertical whose scene opens with one of its cue
    // words for a person, and another cue word for a person of the trade.
    const bookkeeping = TAXONOMY.flatMap((v) => v.subs).find((s) => s.name === 'accounting and bookkeeping');

    it('takes the cue word the brief uses for the trade person', () => {
      expect(bookkeeping?.subject).toMatch(/^a bookkeeper /);
      expect(bookkeeping?.cues.en.split('|')).toContain('accountant');
      const placed = scene(
        'Ledgerline: small-business bookkeeping for cafes. Our accountants file your tax return and reply within a day.',
      );
      expect(placed).toBe(bookkeeping?.subject.replace(/^a bookkeeper /, 'an accountant '));
    });

    it('keeps the scene when the brief says no other cue person, or only as a qualifier', () => {
      expect(scene('Ledgerline: small-business bookkeeping and payroll for cafes, filed on time.')).toBe(
        bookkeeping?.subject,
      );
      // "accountant" qualifying another noun names no accountant.
      expect(
        scene('Ledgerline: bookkeeping and payroll. Accountant fees fixed monthly, filed on time.'),
      ).toBe(bookkeeping?.subject);
    });

    it('leaves a non-English brief in the English scene', () => {
      const placed = placeInTaxonomy({
        language: 'es',
        product: '',
        summary: 'Gestoría Ruiz: contabilidad y nóminas para autónomos, accountants incluidos.',
        nlp: undefined,
      }).subject;
      expect(placed).toBe(bookkeeping?.subject);
    });
  });
});
