import { compositionDirection, listWords, type Scene, scrub } from './scene.ts';

/** What a model family is sent besides its request shape: positive and negative text. */
export type FamilyPrompt = { prompt: string; negativePrompt: string };

function negatives(scene: Scene): string[] {
  const base = [
    'text',
    'letters',
    'words',
    'typography',
    'caption',
    'numbers',
    'watermark',
    'logo',
    'signature',
    'label',
    'blurry',
    'low quality',
    'distorted',
  ];
  if (scene.people) base.push('deformed hands', 'extra fingers', 'distorted face');
  return base;
}

function sentences(scene: Scene): string[] {
  const light = scene.lowKey ? 'low-key directional light' : 'soft natural light';
  return [
    `${/^[aeiou]/.test(scene.medium) ? 'An' : 'A'} ${scene.medium} of ${scene.subject}.`,
    scene.style ? `Art direction: ${scene.style}.` : '',
    `Mood: ${listWords(scene.moods)}, ${light}.`,
    `Colour palette of ${listWords(scene.colors)}.`,
    `${compositionDirection(scene)}.`,
    scene.hasProduct ? 'Nothing placed on the empty surface, no packaging.' : '',
    'Sharp focus, high detail, professional advertising photography.',
  ].filter(Boolean);
}

/**
 * Stability (SD3.5 Large, Stable Image Core / Ultra): plain descriptive sentences, subject
 * first; everything unwanted goes to `negative_prompt` rather than "no …" in the prompt.
 */
export function stabilityPrompt(scene: Scene, names: readonly string[]): FamilyPrompt {
  return {
    prompt: scrub(sentences(scene).join(' '), names),
    negativePrompt: negatives(scene).join(', '),
  };
}
