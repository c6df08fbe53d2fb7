import { describe, expect, it } from 'vitest';
import {
  listPricePerImage,
  retiredImageModelReason,
  STABILITY_IMAGE_MODELS,
} from '#core/images/catalogue.ts';

describe('image model catalogue', () => {
  it('prices the three Stability text-to-image models, Stable Image Core cheapest, through a profile too', () => {
    expect(STABILITY_IMAGE_MODELS.map((m) => m.name)).toEqual([
      'Stable Image Core',
      'Stable Diffusion 3.5 Large',
      'Stable Image Ultra',
    ]);
    expect(listPricePerImage('stability.stable-image-core-v1:1')).toBe(0.04);
    expect(listPricePerImage('us.stability.sd3-5-large-v1:0')).toBe(0.08);
    expect(listPricePerImage('stability.stable-image-ultra-v1:1')).toBe(0.14);
    expect(listPricePerImage('someone.unknown-v1:0')).toBeUndefined();
  });

  it('names the end of life of a retired provider or model, and lets Active ones through', () => {
    expect(retiredImageModelReason({ provider: 'bedrock-nova-canvas' })).toMatch(
      /^Amazon Nova Canvas \(amazon\.nova-canvas-v1:0\) reached its end of life on 2026-09-30/,
    );
    expect(retiredImageModelReason({ modelId: 'us.amazon.nova-canvas-v1:0' })).toMatch(/2026-09-30/);
    expect(
      retiredImageModelReason({ provider: 'bedrock-stability', modelId: 'stability.sd3-5-large-v1:0' }),
    ).toBe(undefined);
  });
});
