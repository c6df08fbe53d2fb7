import { describe, expect, it } from 'vitest';
import { colorName, paletteNames } from '#generate/prompts/colors.ts';
import { visualPrompt } from '#generate/prompts/index.ts';
import { moodWords } from '#generate/prompts/mood.ts';
import type { SceneInput } from '#generate/prompts/scene.ts';

const dentalAngle = {
  name: 'Pain point: fear',
  hook: 'Still afraid of pain during treatment? 4.8 stars from "nervous" patients.',
  visual_style: 'dark editorial photo, tense mood, single highlight',
  copy_direction:
    'Name the pain in the reader\'s words ("fear of pain") before mentioning Brightside Dental.',
};

const dental: SceneInput & { names: string[] } = {
  angle: dentalAngle,
  brief: {
    category: 'health > dental clinic',
    subject: 'a dentist chatting with a relaxed patient in a bright dental clinic, 2 chairs',
  },
  brand: {
    colors: { primary: '#0E7C86', secondary: '#A7E0E0', accent: '#F28C28', background: '#FFFFFF' },
    tone_of_voice: 'Reassuring, friendly, clear; never clinical or scary',
  },
  hasProduct: false,
  orientation: 'landscape',
  names: ['Brightside Dental', 'Brightside new patients'],
};

const FORBIDDEN = /["'“”‘’]|\d|#[0-9a-f]{3,6}/i;

describe('visual prompts', () => {
  it.each(['stability'] as const)(
    "%s: names the brief's subject and setting, with no quote, digit, hex colour or name",
    (family) => {
      const { prompt, negativePrompt } = visualPrompt(family, dental);
      expect(prompt).toContain('a dentist chatting with a relaxed patient in a bright dental clinic');
      // The style's dark and tense parts are dropped: the brand's tone rules them out.
      expect(prompt).toContain('Art direction: single highlight.');
      expect(prompt).not.toMatch(FORBIDDEN);
      expect(prompt.toLowerCase()).not.toContain('brightside');
      expect(prompt).not.toContain('4.8');
      expect(negativePrompt).toMatch(/\btext\b/);
      expect(negativePrompt).toMatch(/\bletters\b/);
      expect(negativePrompt).toMatch(/\bwatermark\b/);
      expect(negativePrompt).toMatch(/\blogo\b/);
    },
  );

  it('says the subject once: an art direction that opens with the scene keeps only its own parts', () => {
    const scene = 'a dentist chatting with a relaxed patient in a bright dental clinic';
    const { prompt } = visualPrompt('stability', {
      ...dental,
      brief: { category: 'health > dental clinic', subject: scene },
      angle: { ...dentalAngle, visual_style: `${scene}, warm window light, shallow depth of field` },
    });
    expect(prompt.split(scene)).toHaveLength(2);
    expect(prompt).toContain('Art direction: warm window light, shallow depth of field.');
    // A subject with a comma of its own is taken out whole.
    const withProp = `${scene}, with towels`;
    const second = visualPrompt('stability', {
      ...dental,
      brief: { category: 'health > dental clinic', subject: withProp },
      angle: { ...dentalAngle, visual_style: `${withProp}, warm window light` },
    }).prompt;
    expect(second).toContain('Art direction: warm window light.');
  });

  it('takes the mood from the tone when the style contradicts it', () => {
    const { prompt } = visualPrompt('stability', dental);
    expect(prompt).toMatch(/Mood: reassuring, friendly/);
    expect(prompt).not.toMatch(/\b(tense|scary|dark|clinical)\b/i);
    expect(moodWords({ visualStyle: 'moody close-up, tense', tone: 'Calm and warm' })).toEqual([
      'calm',
      'warm',
    ]);
    // A dark style with a tone that does not oppose it keeps its mood.
    expect(moodWords({ visualStyle: 'dramatic night shot', tone: 'Expert and precise' })).toContain(
      'dramatic',
    );
  });

  it('gives brand colours as their nearest colour names', () => {
    expect(colorName('#0E7C86')).toBe('deep teal');
    expect(colorName('#FFFFFF')).toBe('white');
    expect(colorName('#6B3E26')).toBe('chocolate brown');
    expect(paletteNames(dental.brand.colors)).toEqual(['deep teal', 'warm orange', 'pale aqua', 'white']);
    expect(visualPrompt('stability', dental).prompt).toContain('Colour palette of deep teal, warm orange');
  });

  it('directs the composition by orientation and reserves the product region when there is one', () => {
    const landscape = visualPrompt('stability', dental).prompt;
    expect(landscape).toContain('empty background in the left third');
    expect(landscape).toContain('in the right third');
    const portrait = visualPrompt('stability', { ...dental, orientation: 'portrait' }).prompt;
    expect(portrait).toContain('upper half');
    expect(portrait).toContain('lower third');
    const withProduct = visualPrompt('stability', { ...dental, hasProduct: true }).prompt;
    expect(withProduct).toMatch(/left empty for the product in the right third/);
  });

  it('names no business without a brief, and never the campaign or client name', () => {
    const bare = visualPrompt('stability', {
      brand: dental.brand,
      hasProduct: false,
      orientation: 'portrait',
      names: ['Untitled Campaign', 'Northwind Bakery'],
    });
    expect(bare.prompt).toMatch(/^An? [a-z ]+ of a calm backdrop/);
    expect(bare.prompt).not.toMatch(/untitled|northwind|bakery|bread/i);
  });

  it("keeps the art direction's picture words and drops its layout words and text triggers", () => {
    const { prompt } = visualPrompt('stability', {
      ...dental,
      angle: {
        ...dentalAngle,
        visual_style: 'bright airy photo of the city commute, bold headline overlay, "Save 20%" badge',
      },
      brief: {
        category: 'mobility > e-bikes',
        subject: 'a folding electric bike leaning on a canal railing at dawn',
      },
      brand: { ...dental.brand, tone_of_voice: 'Energetic and confident' },
    });
    expect(prompt).toContain('a folding electric bike leaning on a canal railing at dawn');
    expect(prompt).toContain('Art direction: bright airy photo of the city commute.');
    expect(prompt).not.toMatch(/headline|badge|save/i);
    for (const sentence of prompt.split(/(?<=\.)\s/)) expect(sentence).toMatch(/^[A-Z].*\.$/);
  });

  it('puts deformed hands and extra fingers on the negative prompt when people are in the scene', () => {
    const people = visualPrompt('stability', {
      ...dental,
      angle: { ...dentalAngle, visual_style: 'authentic customer photo style, candid' },
    });
    expect(people.negativePrompt).toContain('extra fingers');
    // A roofer is a person by WordNet, though the word says nothing of people.
    const roofer = visualPrompt('stability', {
      ...dental,
      brief: {
        category: 'home services > roofing',
        subject: 'a roofer replacing slate tiles on a terraced house',
      },
    });
    expect(roofer.negativePrompt).toContain('extra fingers');
    const still = visualPrompt('stability', {
      ...dental,
      angle: { ...dentalAngle, visual_style: 'calm minimal still life', copy_direction: 'Plain.' },
      brief: {
        category: 'food & drink > wine subscription',
        subject: 'three bottles of wine on a kitchen table',
      },
    });
    expect(still.negativePrompt).not.toContain('extra fingers');
  });
});
