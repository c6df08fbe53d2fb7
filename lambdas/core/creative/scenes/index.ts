import { renderAsync } from '@resvg/resvg-js';
import {
  type DrawnVisual,
  type ImageModel,
  PermanentImageError,
  type RgbPixels,
  type Visual,
  type VisualRequest,
} from '../../images/types.ts';
import { brandPalette } from '../palette.ts';
import { abstractScene } from './abstract.ts';
import { deviceScene } from './device.ts';
import { editorialScene } from './editorial.ts';
import { createRng, flattenOpacity, hash32, type SceneContext } from './kit.ts';
import { roomScene } from './room.ts';
import { stageScene } from './stage.ts';

/**
 * The offline image model: a scene drawn in code from the brand palette, chosen by what the
 * business is (apps get device frames, hospitality a room, B2B editorial blocks, a physical
 * product a studio stage, anything else an abstract brand-colour composition). The seed and the
 * angle's visual style vary the scene; the same request always gives the same bytes. The product
 * itself is not drawn here: the compositor cuts it out and places it where the layout says.
 */

export const TEMPLATE_MODEL_ID = 'template-v2';

export const SCENE_CATEGORIES = ['abstract', 'app', 'hospitality', 'b2b', 'product'] as const;
export type SceneCategory = (typeof SCENE_CATEGORIES)[number];

const KEYWORDS: Record<Exclude<SceneCategory, 'abstract' | 'product'>, string[]> = {
  app: [
    'app',
    'apps',
    'mobile',
    'download',
    'iphone',
    'android',
    'ios',
    'smartphone',
    'phone',
    'device',
    'screen',
    'tracker',
    'workout app',
    'fitness app',
  ],
  hospitality: [
    'hotel',
    'restaurant',
    'cafe',
    'café',
    'coffee shop',
    'bar',
    'resort',
    'spa',
    'stay',
    'room',
    'rooms',
    'dining',
    'guest',
    'guests',
    'bakery',
    'clinic',
    'dental',
    'dentist',
    'salon',
    'studio space',
    'interior',
    'venue',
    'gym',
    'hospitality',
  ],
  b2b: [
    'b2b',
    'payroll',
    'saas',
    'software',
    'accounting',
    'invoice',
    'invoices',
    'invoicing',
    'enterprise',
    'teams',
    'hr',
    'crm',
    'analytics',
    'dashboard',
    'workflow',
    'finance',
    'compliance',
    'business',
    'businesses',
    'platform',
    'office',
  ],
};

/** The scene category a request asks for, by keyword in its prompt and visual style; a product always gets a stage. */
export function sceneCategory(text: string, hasProduct: boolean): SceneCategory {
  if (hasProduct) return 'product';
  const words = ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
    .replace(/\s+/g, ' ')} `;
  let best: SceneCategory = 'abstract';
  let bestScore = 0;
  for (const [category, keywords] of Object.entries(KEYWORDS) as Array<[SceneCategory, string[]]>) {
    const score = keywords.reduce((s, k) => s + (words.includes(` ${k} `) ? 1 : 0), 0);
    if (score > bestScore) {
      best = category;
      bestScore = score;
    }
  }
  return best;
}

const SCENES: Record<SceneCategory, (s: SceneContext) => string> = {
  abstract: abstractScene,
  app: deviceScene,
  hospitality: roomScene,
  b2b: editorialScene,
  product: stageScene,
};

export function buildSceneSvg(request: VisualRequest, category: SceneCategory): string {
  const { width: W, height: H } = request;
  const rng = createRng(hash32(`${request.seed}|${category}|${request.visualStyle.trim().toLowerCase()}`));
  const scene: SceneContext = {
    W,
    H,
    u: Math.min(W, H),
    rng,
    pal: brandPalette(request.brand.colors),
    flip: rng.chance(0.5),
    defs: [],
    ids: 0,
  };
  const body = SCENES[category](scene);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${scene.defs.join('')}</defs>${flattenOpacity(body)}</svg>`;
}

function checkSize(width: number, height: number): void {
  if (
    !Number.isInteger(width) ||
    !Number.isInteger(height) ||
    width < 64 ||
    height < 64 ||
    width > 4096 ||
    height > 4096
  ) {
    throw new PermanentImageError('invalid_request', `Cannot render a ${width}×${height} visual.`);
  }
}

function sceneSvg(request: VisualRequest): string {
  const category = sceneCategory(`${request.prompt} ${request.visualStyle}`, Boolean(request.productImage));
  return buildSceneSvg(request, category);
}

const RESVG = { font: { loadSystemFonts: false }, logLevel: 'off' } as const;

/** The scene's pixels at `scale` (its canvas is opaque, so alpha is dropped). */
async function drawScene(svg: string, width: number, scale: number): Promise<RgbPixels> {
  const zoom = Math.min(1, Math.max(0.05, scale));
  const image = await renderAsync(svg, {
    ...RESVG,
    ...(zoom < 1 ? { fitTo: { mode: 'width' as const, value: Math.max(1, Math.round(width * zoom)) } } : {}),
  });
  return { data: image.pixels, width: image.width, height: image.height, channels: 4 };
}

export function createTemplateImageModel(): ImageModel & Required<Pick<ImageModel, 'draw'>> {
  return {
    id: TEMPLATE_MODEL_ID,
    async generate(request: VisualRequest): Promise<Visual> {
      const { width, height } = request;
      checkSize(width, height);
      const image = await renderAsync(sceneSvg(request), RESVG);
      const png = Buffer.from(image.asPng());
      return { png, width, height, model: TEMPLATE_MODEL_ID, seed: request.seed };
    },
    draw(request: VisualRequest): DrawnVisual {
      const { width, height } = request;
      checkSize(width, height);
      let svg: string | undefined;
      return {
        width,
        height,
        model: TEMPLATE_MODEL_ID,
        seed: request.seed,
        pixels: (scale: number) => {
          svg ??= sceneSvg(request);
          return drawScene(svg, width, scale);
        },
      };
    },
  };
}
