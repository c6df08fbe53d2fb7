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
import { choosePicture } from '../pictures/choose.ts';
import type { LibraryPicture } from '../pictures/library.ts';
import { illustrationScene } from './illustration.ts';
import { createRng, flattenOpacity, hash32, type SceneContext } from './kit.ts';
import { stageScene } from './stage.ts';

/**
 * The offline image model. What the picture shows is decided by the brief (ADR 0037), never
 * guessed from the copy: with a product, a studio stage the compositor stands the product on;
 * otherwise the library picture that matches the brief's subject and category, on a field of the
 * brand's colours; when nothing in the library matches (or there is no brief), the field alone,
 * marked `blank` so the compositor sets a brand layout. The seed and the angle's visual style
 * vary the field; the same request always gives the same bytes.
 */

export const TEMPLATE_MODEL_ID = 'template-v3';

/** What the scene is drawn from: a product stage, a library picture, or the brand field alone. */
export type SceneChoice =
  | { kind: 'product' }
  | { kind: 'picture'; picture: LibraryPicture }
  | { kind: 'field' };

/** Library choices per brief, kept for a warm worker's next slots of the same campaign. */
const chosen = new Map<string, Promise<LibraryPicture | undefined>>();

export async function sceneChoice(request: VisualRequest): Promise<SceneChoice> {
  if (request.productImage) return { kind: 'product' };
  const brief = request.picture;
  if (!brief) return { kind: 'field' };
  const key = `${brief.category}\n${brief.subject}`;
  let hit = chosen.get(key);
  if (!hit) {
    hit = choosePicture(brief).then((c) => c?.picture);
    if (chosen.size > 500) chosen.clear();
    chosen.set(key, hit);
  }
  const picture = await hit;
  return picture ? { kind: 'picture', picture } : { kind: 'field' };
}

export function buildSceneSvg(request: VisualRequest, choice: SceneChoice): string {
  const { width: W, height: H } = request;
  const rng = createRng(hash32(`${request.seed}|${choice.kind}|${request.visualStyle.trim().toLowerCase()}`));
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
  const body =
    choice.kind === 'product'
      ? stageScene(scene)
      : illustrationScene(scene, choice.kind === 'picture' ? choice.picture : undefined);
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

async function sceneSvg(request: VisualRequest): Promise<{ svg: string; blank: boolean }> {
  const choice = await sceneChoice(request);
  return { svg: buildSceneSvg(request, choice), blank: choice.kind === 'field' };
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
      const { svg, blank } = await sceneSvg(request);
      const image = await renderAsync(svg, RESVG);
      const png = Buffer.from(image.asPng());
      return {
        png,
        width,
        height,
        model: TEMPLATE_MODEL_ID,
        seed: request.seed,
        ...(blank ? { blank } : {}),
      };
    },
    draw(request: VisualRequest): DrawnVisual {
      const { width, height } = request;
      checkSize(width, height);
      let made: Promise<{ svg: string; blank: boolean }> | undefined;
      const scene = () => {
        made ??= sceneSvg(request);
        return made;
      };
      return {
        width,
        height,
        model: TEMPLATE_MODEL_ID,
        seed: request.seed,
        blank: async () => (await scene()).blank,
        pixels: async (scale: number) => drawScene((await scene()).svg, width, scale),
      };
    },
  };
}
