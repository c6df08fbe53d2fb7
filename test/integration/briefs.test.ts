import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

// An invented business, written the way agency briefs are laid out.
const SUMMARY = [
  'Client: Quillmere Glazing, double glazing and front doors, family-run since 1991, covering Dunmore and nearby towns',
  'Audience: homeowners aged 40-70 in older houses',
  'Pains: draughty sash windows; quotes that change on fitting day',
  'Proof points: 4.7/5 on Trustpilot from 1,240 reviews; FENSA registered',
  'Offer: free home survey within 72 hours',
  'Tone: friendly, no pressure selling',
].join('\n');

async function client(name: string) {
  return (await api.call('create_client', { name })).body.client as { id: string };
}

describe('the stored brief', () => {
  it('generate_angles reads the summary once into a stored brief that its angles name', async () => {
    const c = await client('Quillmere Glazing');
    const res = await api.call('generate_angles', { client_id: c.id, research_summary: SUMMARY });
    expect(res.status).toBe(200);
    const brief = res.body.brief;
    expect(brief).toMatchObject({ client_id: c.id, version: 1, source: 'extracted', language: 'en' });
    expect(brief.category).toMatch(/ > /);
    expect(brief.audience).toBe('homeowners aged 40-70 in older houses');
    expect(brief.tone).toBe('friendly, no pressure selling');
    const rating = brief.facts.find((f: { text: string }) => f.text.includes('4.7/5'));
    expect(rating).toMatchObject({ role: 'proof', numbers: ['4.7/5', '1,240'] });
    expect(SUMMARY.slice(rating.span[0], rating.span[1])).toBe(rating.text);
    // No fact carries a section label.
    expect(brief.facts.some((f: { text: string }) => /^(Pains|Proof points|Offer|Tone):/.test(f.text))).toBe(
      false,
    );
    expect(res.body.angles.every((a: { brief_id: string }) => a.brief_id === brief.id)).toBe(true);

    expect((await api.call('get_brief', { brief_id: brief.id })).body.brief).toEqual(brief);
    expect((await api.call('get_brief', { client_id: c.id })).body.brief).toEqual(brief);
  });

  it('stores and reads a summary pasted as HTML with Windows line ends as plain text, its spans in it', async () => {
    const c = await client('Quillmere Glazing');
    const html = SUMMARY.split('\n')
      .map((line) => `<p>${line.replace(/&/g, '&amp;').replace(/^(\w[\w ]*):/u, '<strong>$1:</strong>')}</p>`)
      .join('\r\n');
    const res = await api.call('generate_angles', { client_id: c.id, research_summary: html });
    expect(res.status).toBe(200);
    const brief = res.body.brief;
    expect(brief.research_summary).toBe(SUMMARY.split('\n').join('\n\n'));
    const rating = brief.facts.find((f: { text: string }) => f.text.includes('4.7/5'));
    expect(brief.research_summary.slice(rating.span[0], rating.span[1])).toBe(rating.text);
    expect(JSON.stringify(brief)).not.toMatch(/<\/?(?:p|strong)>|&amp;/);
    expect(brief.audience).toBe('homeowners aged 40-70 in older houses');
  });

  it('update_brief stores a corrected version, and the next angles are planned from it', async () => {
    const c = await client('Quillmere Glazing');
    const first = (await api.call('generate_angles', { client_id: c.id, research_summary: SUMMARY })).body
      .brief;
    const rating = first.facts.find((f: { text: string }) => f.text.includes('4.7/5'));
    const survey = first.facts.find((f: { text: string }) => f.text.includes('72 hours'));
    const res = await api.call('update_brief', {
      brief_id: first.id,
      category: 'home services > windows and doors',
      subject: 'a fitter installing a double-glazed sash window in a brick house',
      fix_facts: [{ id: rating.id, text: '4.6/5 on Trustpilot from 1,240 reviews' }],
      drop_facts: [survey.id],
      add_facts: [{ role: 'guarantee', text: '10-year guarantee on every frame' }],
    });
    expect(res.status).toBe(200);
    const corrected = res.body.brief;
    expect(corrected).toMatchObject({
      version: 2,
      source: 'corrected',
      category: 'home services > windows and doors',
    });
    expect(corrected.id).not.toBe(first.id);
    const fixed = corrected.facts.find((f: { id: string }) => f.id === rating.id);
    expect(fixed).toMatchObject({
      text: '4.6/5 on Trustpilot from 1,240 reviews',
      numbers: ['4.6/5', '1,240'],
      span: null,
    });
    expect(corrected.facts.some((f: { id: string }) => f.id === survey.id)).toBe(false);
    const added = corrected.facts.at(-1);
    expect(added).toMatchObject({ role: 'guarantee', span: null, numbers: ['10-year'] });
    expect(Number(added.id.slice(1))).toBeGreaterThan(
      Math.max(...first.facts.map((f: { id: string }) => Number(f.id.slice(1)))),
    );

    const again = await api.call('generate_angles', { client_id: c.id, brief_id: corrected.id });
    expect(again.status).toBe(200);
    expect(again.body.brief).toEqual(corrected);
    const hooks = again.body.angles.map((a: { hook: string; brief_id: string }) => {
      expect(a.brief_id).toBe(corrected.id);
      return a.hook;
    });
    // The dropped fact and the misread figure are gone from what the angles are planned from.
    expect(hooks.join(' ')).not.toMatch(/72 hours|4\.7/);
    expect((await api.call('get_brief', { client_id: c.id })).body.brief.id).toBe(corrected.id);
  });

  it('refuses a correction of a version that is no longer the latest, and unknown fact ids, naming the field', async () => {
    const c = await client('Quillmere Glazing');
    const first = (await api.call('generate_angles', { client_id: c.id, research_summary: SUMMARY })).body
      .brief;
    const ok = await api.call('update_brief', {
      brief_id: first.id,
      subject: 'a fitter installing a window',
    });
    expect(ok.status).toBe(200);
    const stale = await api.call('update_brief', { brief_id: first.id, subject: 'a fitter at a door' });
    expect(stale.status).toBe(409);
    const unknown = await api.call('update_brief', { brief_id: ok.body.brief.id, drop_facts: ['f99'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.issues[0].path).toBe('drop_facts');
    const badCategory = await api.call('update_brief', { brief_id: ok.body.brief.id, category: 'roofing' });
    expect(badCategory.status).toBe(400);
    expect(badCategory.body.error.details.issues[0].path).toBe('category');
  });

  it('takes a brief sent by the caller, and treats other accounts’ briefs as unknown', async () => {
    const c = await client('Quillmere Glazing');
    const res = await api.call('generate_angles', {
      client_id: c.id,
      brief: {
        product: 'double glazing',
        facts: [
          { role: 'proof', text: 'FENSA registered' },
          { role: 'offer', text: 'Free home survey within 72 hours' },
          // Ten distinct angles need a few facts to combine (ADR 0035): two alone give eight at most.
          { role: 'pain', text: 'cold draughts and condensation every winter' },
          { role: 'differentiator', text: 'every window fitted by our own team' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.brief).toMatchObject({
      source: 'caller',
      business_name: 'Quillmere Glazing',
      version: 1,
    });
    expect(res.body.brief.facts.map((f: { id: string }) => f.id)).toEqual(['f1', 'f2', 'f3', 'f4']);

    const other = await api.newAccount();
    const foreign = await api.call('get_brief', { brief_id: res.body.brief.id }, { apiKey: other.apiKey });
    const unknownId = randomUUID();
    const unknown = await api.call('get_brief', { brief_id: unknownId }, { apiKey: other.apiKey });
    expect(foreign.status).toBe(404);
    expect(foreign.text.replace(res.body.brief.id, '<id>')).toBe(unknown.text.replace(unknownId, '<id>'));
  });
});
