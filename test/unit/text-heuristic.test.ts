import { describe, expect, it } from 'vitest';
import { createHeuristicTextModel } from '#core/text/heuristic-model.ts';
import { analyseSummary } from '#core/text/summary-analysis.ts';
import { angleSetSchema } from '#core/text/types.ts';

const SUMMARIES = {
  coffee: {
    client: 'Ember & Oak',
    topic: /coffee|beans|Ember & Oak/i,
    text: 'Ember & Oak roasts small-batch specialty coffee and ships it within 48 hours of roasting. It is a subscription for remote workers tired of stale supermarket beans. Customers can pause anytime. Rated 4.8 stars by 12,000 subscribers. Unlike Starbucks pods, every bag is traceable to the farm, so you can taste the difference in your first cup.',
  },
  payroll: {
    client: 'LedgerLoop',
    topic: /payroll|LedgerLoop/i,
    text: 'LedgerLoop is a payroll platform for small businesses with 5 to 50 employees. Owners struggle with payroll errors and late tax filings that cost them penalties. LedgerLoop automates filings and saves 6 hours a month. Trusted by 3,400 companies with 99.9% on-time payments. Compared to ADP, setup takes 15 minutes.',
  },
  dental: {
    client: 'BrightSmile Clinic',
    topic: /dental|dentist|smile|BrightSmile/i,
    text: 'BrightSmile Clinic is a family dental practice for busy parents who dread long waiting rooms. Patients book online in 60 seconds and are seen within 10 minutes of arrival. Over 2,000 five-star reviews on Google. Invisible aligners from 99 per month, without the metal braces.',
  },
  fitness: {
    client: 'Stride',
    topic: /fitness|workout|Stride|training/i,
    text: 'Stride is a fitness app for new runners who hate boring training plans. It builds a 12-week plan around your schedule and helps you run your first 5k without injury. 250,000 runners finished their first race with Stride. Rated 4.9 on the App Store.',
  },
} as const;

const model = createHeuristicTextModel();

describe('heuristic angles', () => {
  it.each(Object.entries(SUMMARIES))(
    'gives ten valid angles for the %s summary, about its subject',
    async (_name, s) => {
      const angles = await model.generateAngles({
        researchSummary: s.text,
        language: 'en',
        clientName: s.client,
      });
      expect(angleSetSchema.safeParse(angles).success).toBe(true);
      expect(new Set(angles.map((a) => a.awareness_level)).size).toBeGreaterThanOrEqual(4);
      expect(new Set(angles.map((a) => a.name)).size).toBe(10);
      const onTopic = angles.filter((a) => s.topic.test(`${a.hook} ${a.name}`));
      expect(onTopic.length).toBeGreaterThanOrEqual(6);
    },
  );

  it('is deterministic: the same summary gives the same angles', async () => {
    const input = { researchSummary: SUMMARIES.coffee.text, language: 'en', clientName: 'Ember & Oak' };
    expect(await model.generateAngles(input)).toEqual(await model.generateAngles(input));
  });

  it('gives visibly different angles for different summaries', async () => {
    const a = await model.generateAngles({
      researchSummary: SUMMARIES.coffee.text,
      language: 'en',
      clientName: 'Ember & Oak',
    });
    const b = await model.generateAngles({
      researchSummary: SUMMARIES.payroll.text,
      language: 'en',
      clientName: 'LedgerLoop',
    });
    const shared = a.map((x) => x.hook).filter((hook) => b.some((y) => y.hook === hook));
    expect(shared).toEqual([]);
  });

  it('uses the proof and numbers the summary gives', async () => {
    const angles = await model.generateAngles({
      researchSummary: SUMMARIES.payroll.text,
      language: 'en',
      clientName: 'LedgerLoop',
    });
    const text = angles.map((a) => `${a.name} ${a.hook}`).join(' ');
    expect(text).toMatch(/3,400 companies|6 hours/);
    expect(text).toMatch(/ADP/);
  });
});

describe('summary analysis', () => {
  it('finds product, audience, pains, benefits, proof and competitors', () => {
    const facts = analyseSummary(SUMMARIES.coffee.text, 'Ember & Oak');
    expect(facts.brand).toBe('Ember & Oak');
    expect(facts.product).toMatch(/coffee/);
    expect(facts.audience).toBe('remote workers');
    expect(facts.pains[0]).toMatch(/stale supermarket beans/);
    expect(facts.benefits.join(' ')).toMatch(/taste the difference/);
    expect(facts.proof[0]).toMatch(/4\.8 stars/);
    expect(facts.competitors).toContain('Starbucks pods');
  });
});
