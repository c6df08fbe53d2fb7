import { type FamilyPrompt, stabilityPrompt } from './families.ts';
import { describeScene, type Orientation, type Scene, type SceneInput } from './scene.ts';

export type { FamilyPrompt, Orientation, Scene };
export type ModelFamily = 'stability' | 'template';

/**
 * The prompt for one visual, written for the model family that will paint it. Pure: the same
 * angle, brief, brand and shape always give the same prompt. `names` (client and campaign
 * names) are scrubbed from the text whatever else happened upstream.
 */
export function visualPrompt(
  family: ModelFamily,
  input: SceneInput & { names: readonly string[] },
): FamilyPrompt & { scene: Scene } {
  const scene = describeScene(input);
  // Stability is the one family that paints today; `family` picks the writer of the next one.
  void family;
  return { ...stabilityPrompt(scene, input.names), scene };
}
