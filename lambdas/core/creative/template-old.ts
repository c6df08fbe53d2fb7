import {
  darken,
  distance,
  lighten,
  mix,
  normalizePalette,
  type Palette,
  relativeLuminance,
  toHsl,
  withLightness,
} from './color.ts';
import { type Box, creativeGrid } from './compositor.ts';
import { dataUrl, decodeScaled, encodePng, imageInfo, rasterizeAsync } from './png.ts';
import { type ImageModel, PermanentImageError, type Visual, type VisualRequest } from './types.ts';

/**
 * The offline image model: an ad background drawn in code from the brand palette, the angle's
 * visual style and the seed, with the product image cut in on a stage. SVG built here, rasterised
 * by resvg at exactly width × height; the same request always gives the same bytes.
 *
 * The visual style (free text) picks one of nine scene families by keyword; the seed varies the
 * scene inside its family (mirroring, colour roles, shapes, counts, angles). The product stands
 * in the grid's hero area — below the text in portrait, right of it in landscape — so the
 * compositor's copy never covers it.
 */

export const TEMPLATE_MODEL_ID = 'template-v1';

export const SCENE_FAMILIES = [
  'studio',
  'minimal',
  'bold',
  'luxury',
  'playful',
  'editorial',
  'retro',
  'tech',
  'organic',
] as const;
export type SceneFamily = (typeof SCENE_FAMILIES)[number];

const KEYWORDS: Record<SceneFamily, string[]> = {
  studio: [
    'photo',
    'realistic',
    'lifestyle',
    'studio',
    'product shot',
    'cinematic',
    'natural light',
    'soft light',
    'commercial',
    'hero shot',
  ],
  minimal: [
    'minimal',
    'clean',
    'simple',
    'white space',
    'whitespace',
    'scandi',
    'calm',
    'airy',
    'understated',
    'negative space',
    'modern',
  ],
  bold: [
    'bold',
    'flat',
    'high contrast',
    'punchy',
    'graphic',
    'pop',
    'colour block',
    'color block',
    'loud',
    'dynamic',
    'energetic',
    'sport',
    'urgent',
    'vivid',
    'strong',
  ],
  luxury: [
    'luxury',
    'luxurious',
    'premium',
    'elegant',
    'sophisticated',
    'gold',
    'exclusive',
    'high-end',
    'high end',
    'classy',
    'noir',
    'dark',
    'moody',
    'refined',
  ],
  playful: [
    'playful',
    'fun',
    'colorful',
    'colourful',
    'whimsical',
    'kids',
    'cheerful',
    'bright',
    'quirky',
    'memphis',
    'confetti',
    'joyful',
    'party',
    'vibrant',
  ],
  editorial: [
    'editorial',
    'magazine',
    'fashion',
    'typographic',
    'collage',
    'print',
    'newspaper',
    'layout',
    'art direction',
    'arch',
    'gallery',
  ],
  retro: [
    'retro',
    'vintage',
    '70s',
    '80s',
    '90s',
    'nostalgic',
    'groovy',
    'sunburst',
    'halftone',
    'throwback',
    'classic',
    'diner',
  ],
  tech: [
    'tech',
    'futuristic',
    'digital',
    'neon',
    'cyber',
    'sci-fi',
    'saas',
    'ai',
    'glow',
    'dark mode',
    'synthwave',
    '3d',
    'software',
    'app',
    'data',
  ],
  organic: [
    'organic',
    'natural',
    'earthy',
    'botanical',
    'eco',
    'sustainable',
    'wellness',
    'handmade',
    'pastel',
    'green',
    'leaf',
    'leaves',
    'floral',
    'plant',
    'spa',
    'herbal',
  ],
};

/** The scene family a visual style asks for: most keyword hits wins; none → studio. */
export function sceneFamily(visualStyle: string): SceneFamily {
  const text = ` ${visualStyle.toLowerCase().replace(/[^a-z0-9\s-]/g, ' ')} `;
  let best: SceneFamily = 'studio';
  let bestScore = 0;
  for (const family of SCENE_FAMILIES) {
    let score = 0;
    for (const keyword of KEYWORDS[family]) {
      const at = text.indexOf(` ${keyword}`);
      if (at >= 0) score += keyword.includes(' ') ? 1.5 : 1;
    }
    if (score > bestScore) {
      best = family;
      bestScore = score;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------------

function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

type Rng = {
  next(): number;
  range(min: number, max: number): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
};

function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chance: (p) => next() < p,
  };
}

// ---------------------------------------------------------------------------------------------
// Scene context and SVG helpers
// ---------------------------------------------------------------------------------------------

/** Where the product (or a stand-in object) goes: centred on cx, standing on baseY. */
type Stage = { cx: number; baseY: number; maxW: number; maxH: number; hero: Box };

type Product =
  | { kind: 'cutout'; href: string; width: number; height: number }
  | { kind: 'framed'; href: string; width: number; height: number };

type Scene = {
  W: number;
  H: number;
  u: number;
  rng: Rng;
  pal: Palette;
  stage: Stage;
  /** Mirrors seeded asymmetric decoration left↔right. */
  flip: boolean;
  defs: string[];
  ids: number;
  /** Side layout: text column left, hero right. */
  landscape: boolean;
  /** The compositor's text zone: keep busy decoration out of it. */
  text: Box;
};

const f = (v: number) => (Math.round(v * 10) / 10).toString();
/** Opacity with two decimals. */
const op = (v: number) => (Math.round(v * 100) / 100).toString();

function id(scene: Scene, prefix: string): string {
  scene.ids++;
  return `${prefix}${scene.ids}`;
}

type Stop = [offset: number, color: string, opacity?: number];

function stopsSvg(stops: Stop[]): string {
  return stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${f(o * 100)}%" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
    )
    .join('');
}

function linear(scene: Scene, x1: number, y1: number, x2: number, y2: number, stops: Stop[]): string {
  const gid = id(scene, 'lg');
  scene.defs.push(
    `<linearGradient id="${gid}" gradientUnits="userSpaceOnUse" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}">${stopsSvg(stops)}</linearGradient>`,
  );
  return `url(#${gid})`;
}

function radial(scene: Scene, cx: number, cy: number, r: number, stops: Stop[], fx = cx, fy = cy): string {
  const gid = id(scene, 'rg');
  scene.defs.push(
    `<radialGradient id="${gid}" gradientUnits="userSpaceOnUse" cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fx="${f(fx)}" fy="${f(fy)}">${stopsSvg(stops)}</radialGradient>`,
  );
  return `url(#${gid})`;
}

function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${extra}/>`;
}

function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${extra}/>`;
}

function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string {
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${extra}/>`;
}

/** A smooth closed blob through `points` jittered radii (Catmull-Rom → cubic Béziers). */
function blobPath(
  rng: Rng,
  cx: number,
  cy: number,
  r: number,
  points = 7,
  wobble = 0.22,
  squash = 1,
): string {
  const pts: [number, number][] = [];
  const start = rng.range(0, Math.PI * 2);
  for (let i = 0; i < points; i++) {
    const a = start + (i / points) * Math.PI * 2;
    const rr = r * (1 - wobble + rng.next() * wobble * 2);
    pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr * squash]);
  }
  let d = '';
  for (let i = 0; i < points; i++) {
    const p0 = pts[(i - 1 + points) % points] as [number, number];
    const p1 = pts[i] as [number, number];
    const p2 = pts[(i + 1) % points] as [number, number];
    const p3 = pts[(i + 2) % points] as [number, number];
    if (i === 0) d += `M${f(p1[0])},${f(p1[1])}`;
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += `C${f(c1x)},${f(c1y)} ${f(c2x)},${f(c2y)} ${f(p2[0])},${f(p2[1])}`;
  }
  return `${d}Z`;
}

/** A leaf pointing up from (0,0), length `len`, for use inside a transformed group. */
function leafPath(len: number, width: number): string {
  const w = width / 2;
  return `M0,0 C${f(w * 1.1)},${f(-len * 0.25)} ${f(w * 0.9)},${f(-len * 0.75)} 0,${f(-len)} C${f(-w * 0.9)},${f(-len * 0.75)} ${f(-w * 1.1)},${f(-len * 0.25)} 0,0Z`;
}

/** A disc of halftone dots that fades out towards its rim. */
function halftone(
  scene: Scene,
  cx: number,
  cy: number,
  r: number,
  step: number,
  color: string,
  opacity: number,
): string {
  const pid = id(scene, 'ht');
  const mid = id(scene, 'hm');
  scene.defs.push(
    `<pattern id="${pid}" patternUnits="userSpaceOnUse" width="${f(step)}" height="${f(step)}">${circle(step / 2, step / 2, step * 0.24, color)}</pattern>`,
    `<radialGradient id="${mid}g" gradientUnits="userSpaceOnUse" cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}"><stop offset="0.35" stop-color="#FFFFFF"/><stop offset="1" stop-color="#000000"/></radialGradient>`,
    `<mask id="${mid}" maskUnits="userSpaceOnUse" x="${f(cx - r)}" y="${f(cy - r)}" width="${f(2 * r)}" height="${f(2 * r)}">${circle(cx, cy, r, `url(#${mid}g)`)}</mask>`,
  );
  return circle(cx, cy, r, `url(#${pid})`, ` opacity="${op(opacity)}" mask="url(#${mid})"`);
}

function sparkle(cx: number, cy: number, r: number, fill: string, opacity: number): string {
  const k = r * 0.22;
  return `<path d="M${f(cx)},${f(cy - r)} Q${f(cx + k)},${f(cy - k)} ${f(cx + r)},${f(cy)} Q${f(cx + k)},${f(cy + k)} ${f(cx)},${f(cy + r)} Q${f(cx - k)},${f(cy + k)} ${f(cx - r)},${f(cy)} Q${f(cx - k)},${f(cy - k)} ${f(cx)},${f(cy - r)}Z" fill="${fill}" opacity="${op(opacity)}"/>`;
}

/**
 * Where decoration at canvas x (0–W) goes: mirrored when the scene is flipped; in side layouts
 * squeezed into the hero's part of the canvas so the text column stays calm.
 */
function mx(scene: Scene, x: number): number {
  const t = scene.flip ? 1 - x / scene.W : x / scene.W;
  if (!scene.landscape) return t * scene.W;
  const left = scene.stage.hero.x;
  return left + t * (scene.W - left);
}

/** Whether a shape at (x, y) with radius r would sit under the copy. */
function underText(scene: Scene, x: number, y: number, r: number): boolean {
  const t = scene.text;
  const pad = scene.u * 0.02 + r;
  return x > t.x - pad && x < t.x + t.width + pad && y > t.y - pad && y < t.y + t.height + pad;
}

/**
 * A cylinder podium whose top face is centred on (cx, topY). Returns its SVG; the product stands
 * on the top face's centre.
 */
function cylinder(
  scene: Scene,
  cx: number,
  topY: number,
  width: number,
  bodyHeight: number,
  color: string,
  opts: { rim?: string; gloss?: number } = {},
): string {
  const rx = width / 2;
  const ry = width * 0.085;
  const side = linear(scene, cx - rx, 0, cx + rx, 0, [
    [0, darken(color, 0.28)],
    [0.32, lighten(color, 0.08 + (opts.gloss ?? 0))],
    [0.62, color],
    [1, darken(color, 0.38)],
  ]);
  const top = linear(scene, 0, topY - ry, 0, topY + ry, [
    [0, lighten(color, 0.28)],
    [1, lighten(color, 0.1)],
  ]);
  const groundShadow = radial(scene, cx, topY + bodyHeight, rx * 1.5, [
    [0, '#000000', 0.28],
    [0.6, '#000000', 0.08],
    [1, '#000000', 0],
  ]);
  return (
    ellipse(cx, topY + bodyHeight + ry * 0.6, rx * 1.45, ry * 2.2, groundShadow) +
    `<path d="M${f(cx - rx)},${f(topY)} L${f(cx - rx)},${f(topY + bodyHeight)} A${f(rx)},${f(ry)} 0 0 0 ${f(cx + rx)},${f(topY + bodyHeight)} L${f(cx + rx)},${f(topY)}Z" fill="${side}"/>` +
    ellipse(cx, topY, rx, ry, top) +
    (opts.rim
      ? ellipse(
          cx,
          topY,
          rx,
          ry,
          'none',
          ` stroke="${opts.rim}" stroke-width="${f(scene.u * 0.003)}" opacity="0.85"`,
        )
      : '')
  );
}

/** Soft contact shadow under something standing at (cx, y). */
function contactShadow(scene: Scene, cx: number, y: number, halfWidth: number, strength = 0.35): string {
  const g = radial(scene, cx, y, halfWidth, [
    [0, '#000000', strength],
    [0.55, '#000000', strength * 0.35],
    [1, '#000000', 0],
  ]);
  return ellipse(cx, y, halfWidth, halfWidth * 0.16, g);
}

// ---------------------------------------------------------------------------------------------
// The product (or a stand-in object when there is none)
// ---------------------------------------------------------------------------------------------

type Placed = { x: number; y: number; w: number; h: number };

function placeProduct(scene: Scene, product: Product | undefined, scale = 1): Placed {
  const { stage } = scene;
  if (!product) {
    const d = Math.min(stage.maxW, stage.maxH) * 0.62 * scale;
    return { x: stage.cx - d / 2, y: stage.baseY - d, w: d, h: d };
  }
  if (product.kind === 'framed') {
    const d = Math.min(stage.maxW, stage.maxH) * 0.95 * scale;
    return { x: stage.cx - d / 2, y: stage.baseY - d, w: d, h: d };
  }
  const k = Math.min((stage.maxW * scale) / product.width, (stage.maxH * scale) / product.height);
  const w = product.width * k;
  const h = product.height * k;
  return { x: stage.cx - w / 2, y: stage.baseY - h, w, h };
}

type ShadowStyle = 'soft' | 'hard' | 'glow';

function drawProduct(
  scene: Scene,
  product: Product | undefined,
  at: Placed,
  style: ShadowStyle,
  objectColor: string,
): string {
  const { u, pal } = scene;
  const cx = at.x + at.w / 2;
  const base = at.y + at.h;
  let filterAttr = '';
  const fid = id(scene, 'fx');
  if (style === 'hard') {
    const dx = (scene.flip ? -1 : 1) * u * 0.012;
    scene.defs.push(
      `<filter id="${fid}" x="-20%" y="-20%" width="140%" height="140%"><feFlood flood-color="${darken(pal.primary, 0.55)}" flood-opacity="0.3"/><feComposite in2="SourceAlpha" operator="in"/><feOffset dx="${f(dx)}" dy="${f(u * 0.012)}"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
    );
  } else if (style === 'glow') {
    scene.defs.push(
      `<filter id="${fid}" x="-30%" y="-30%" width="160%" height="160%"><feDropShadow dx="0" dy="0" stdDeviation="${f(u * 0.02)}" flood-color="${pal.accent}" flood-opacity="0.55"/></filter>`,
    );
  } else {
    scene.defs.push(
      `<filter id="${fid}" x="-30%" y="-30%" width="160%" height="170%"><feDropShadow dx="${f((scene.flip ? -1 : 1) * u * 0.01)}" dy="${f(u * 0.016)}" stdDeviation="${f(u * 0.018)}" flood-color="#000000" flood-opacity="0.28"/></filter>`,
    );
  }
  filterAttr = ` filter="url(#${fid})"`;
  const shadow =
    style === 'glow' ? '' : contactShadow(scene, cx, base, at.w * 0.5, style === 'hard' ? 0.25 : 0.4);

  if (!product) {
    // A glossy sphere: reads as a "hero object" and keeps the stage from looking empty.
    const r = at.w / 2;
    const cy = base - r;
    const fill = radial(
      scene,
      cx,
      cy,
      r,
      [
        [0, lighten(objectColor, 0.55)],
        [0.45, objectColor],
        [1, darken(objectColor, 0.45)],
      ],
      cx - r * 0.35,
      cy - r * 0.4,
    );
    return `${shadow}<g${filterAttr}>${circle(cx, cy, r, fill)}</g>`;
  }
  if (product.kind === 'framed') {
    const r = at.w / 2;
    const cy = base - r;
    const clip = id(scene, 'clip');
    scene.defs.push(`<clipPath id="${clip}"><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}"/></clipPath>`);
    return (
      `${shadow}<g${filterAttr}>${circle(cx, cy, r + u * 0.012, lighten(pal.background, 0.5))}</g>` +
      `<image href="${product.href}" x="${f(cx - r)}" y="${f(cy - r)}" width="${f(2 * r)}" height="${f(2 * r)}" preserveAspectRatio="xMidYMid slice" clip-path="url(#${clip})"/>`
    );
  }
  return `${shadow}<image href="${product.href}" x="${f(at.x)}" y="${f(at.y)}" width="${f(at.w)}" height="${f(at.h)}" preserveAspectRatio="xMidYMid meet"${filterAttr}/>`;
}

// ---------------------------------------------------------------------------------------------
// Scene families
// ---------------------------------------------------------------------------------------------

function studio(scene: Scene, product: Product | undefined): string {
  const { W, H, u, rng, pal, stage } = scene;
  const tone = rng.pick([
    mix(pal.background, pal.primary, 0.16),
    mix(pal.background, pal.secondary, 0.22),
    mix('#FFFFFF', pal.accent, 0.2),
    withLightness(pal.primary, 0.8, 0.6),
    mix(pal.background, pal.accent, 0.34),
    withLightness(pal.secondary, 0.55, 0.7),
  ]);
  const podW = Math.min(stage.hero.width * 0.8, Math.max(u * 0.238, placeProduct(scene, product).w * 1.55));
  const podH = podW * rng.range(0.16, 0.26);
  const floorY = stage.baseY + podH * 0.55;
  const wall = linear(scene, 0, 0, 0, floorY, [
    [0, lighten(tone, 0.32)],
    [0.7, tone],
    [1, darken(tone, 0.06)],
  ]);
  const floor = linear(scene, 0, floorY, 0, H, [
    [0, darken(tone, 0.1)],
    [1, darken(tone, 0.02)],
  ]);
  let out = rect(0, 0, W, H, wall) + rect(0, floorY, W, H - floorY, floor);
  // Soft horizon so wall and floor read as one studio sweep.
  out += rect(
    0,
    floorY - u * 0.05,
    W,
    u * 0.1,
    linear(scene, 0, floorY - u * 0.05, 0, floorY + u * 0.05, [
      [0, tone, 0],
      [0.5, darken(tone, 0.08), 0.5],
      [1, darken(tone, 0.1), 0],
    ]),
  );
  // Key light behind the product.
  out += circle(
    stage.cx,
    stage.baseY - stage.maxH * 0.5,
    u * 0.62,
    radial(scene, stage.cx, stage.baseY - stage.maxH * 0.5, u * 0.62, [
      [0, '#FFFFFF', 0.55],
      [0.5, '#FFFFFF', 0.18],
      [1, '#FFFFFF', 0],
    ]),
  );
  // A backdrop prop behind the stage: a tinted arch, disc or tall panel (or nothing).
  const prop = rng.pick(['arch', 'disc', 'panel', 'none'] as const);
  const propColor = mix(tone, rng.pick([pal.accent, pal.primary, pal.secondary]), rng.range(0.25, 0.4));
  const propW = Math.min(stage.hero.width * 0.75, Math.max(podW * 1.05, u * 0.3));
  const propTop = Math.max(stage.hero.y, stage.baseY - stage.maxH * 1.25);
  if (prop === 'arch') {
    out += `<path d="M${f(stage.cx - propW / 2)},${f(floorY)} L${f(stage.cx - propW / 2)},${f(propTop + propW / 2)} A${f(propW / 2)},${f(propW / 2)} 0 0 1 ${f(stage.cx + propW / 2)},${f(propTop + propW / 2)} L${f(stage.cx + propW / 2)},${f(floorY)}Z" fill="${propColor}"/>`;
  } else if (prop === 'disc') {
    out += circle(
      stage.cx + (scene.flip ? -1 : 1) * propW * 0.12,
      stage.baseY - stage.maxH * 0.55,
      propW * 0.55,
      propColor,
    );
  } else if (prop === 'panel') {
    out += rect(
      stage.cx - propW * 0.42 + (scene.flip ? -1 : 1) * propW * 0.18,
      propTop,
      propW * 0.84,
      floorY - propTop,
      propColor,
      ` rx="${f(u * 0.02)}"`,
    );
  }
  // Window light falling across the wall.
  const beams = rng.int(2, 3);
  for (let i = 0; i < beams; i++) {
    const x0 = mx(scene, W * rng.range(-0.1, 0.35));
    const dir = scene.flip ? -1 : 1;
    const w0 = u * rng.range(0.08, 0.16);
    const skew = dir * H * rng.range(0.35, 0.6);
    out += `<path d="M${f(x0)},0 L${f(x0 + dir * w0)},0 L${f(x0 + dir * w0 * 1.8 + skew)},${f(floorY)} L${f(x0 + skew)},${f(floorY)}Z" fill="#FFFFFF" opacity="${op(rng.range(0.07, 0.13))}"/>`;
  }
  // Bokeh in the upper part.
  const dots = rng.int(4, 7);
  for (let i = 0; i < dots; i++) {
    const r = u * rng.range(0.015, 0.05);
    out += circle(
      rng.range(0, W),
      rng.range(0, floorY * 0.8),
      r,
      rng.pick(['#FFFFFF', lighten(pal.accent, 0.5)]),
      ` opacity="${op(rng.range(0.12, 0.3))}"`,
    );
  }
  const podColor = rng.pick([
    lighten(tone, 0.45),
    mix(tone, pal.accent, 0.35),
    mix(pal.background, '#FFFFFF', 0.5),
  ]);
  out += cylinder(scene, stage.cx, stage.baseY, podW, podH, podColor);
  const at = placeProduct(scene, product);
  out += drawProduct(scene, product, at, 'soft', pal.accent);
  return out;
}

function minimal(scene: Scene, product: Product | undefined): string {
  const { W, H, u, rng, pal, stage } = scene;
  const bg = rng.pick([
    mix(pal.background, '#FFFFFF', 0.3),
    mix(pal.background, pal.primary, 0.05),
    mix('#FFFFFF', pal.secondary, 0.08),
    mix('#FFFFFF', pal.accent, 0.1),
  ]);
  let out = rect(
    0,
    0,
    W,
    H,
    linear(scene, 0, 0, 0, H, [
      [0, lighten(bg, 0.25)],
      [1, darken(bg, 0.04)],
    ]),
  );
  const discColor = mix(bg, rng.pick([pal.accent, pal.primary, pal.secondary]), rng.range(0.14, 0.24));
  const r = Math.min(stage.hero.width, stage.hero.height) * rng.range(0.42, 0.52);
  const dx = (scene.flip ? -1 : 1) * r * rng.range(0.05, 0.3);
  const cy = stage.baseY - stage.maxH * 0.45;
  // One quiet shape behind the product: a disc with a hairline ring, an arch, or a two-tone wall.
  const shape = rng.pick(['disc', 'arch', 'wall'] as const);
  if (shape === 'disc') {
    out += circle(stage.cx + dx, cy, r, discColor);
    out += circle(
      stage.cx + dx * 1.6,
      cy - r * 0.05,
      r * 1.12,
      'none',
      ` stroke="${pal.primary}" stroke-width="${f(u * 0.0025)}" opacity="0.22"`,
    );
  } else if (shape === 'arch') {
    const w = r * 1.5;
    const top = Math.max(stage.hero.y, cy - r);
    out += `<path d="M${f(stage.cx + dx - w / 2)},${f(stage.baseY)} L${f(stage.cx + dx - w / 2)},${f(top + w / 2)} A${f(w / 2)},${f(w / 2)} 0 0 1 ${f(stage.cx + dx + w / 2)},${f(top + w / 2)} L${f(stage.cx + dx + w / 2)},${f(stage.baseY)}Z" fill="${discColor}"/>`;
  } else {
    const y = stage.baseY - stage.maxH * rng.range(0.25, 0.45);
    out += rect(0, y, W, H - y, discColor);
    out += rect(0, y - u * 0.004, W, u * 0.002, pal.primary, ' opacity="0.25"');
  }
  out += circle(
    mx(scene, W * rng.range(0.78, 0.9)),
    stage.hero.y + stage.hero.height * rng.range(0.1, 0.3),
    u * 0.018,
    pal.accent,
  );
  // A plinth: a flat box with a lit top face.
  const bw = Math.min(stage.hero.width * 0.72, Math.max(u * 0.21, placeProduct(scene, product).w * 1.5));
  const bh = bw * rng.range(0.14, 0.22);
  const top = bw * 0.07;
  const plinth = mix(bg, '#FFFFFF', 0.65);
  const shadowDir = scene.flip ? -1 : 1;
  out += `<path d="M${f(stage.cx - bw / 2)},${f(stage.baseY + bh)} L${f(stage.cx + bw / 2)},${f(stage.baseY + bh)} L${f(stage.cx + bw / 2 + shadowDir * bw * 0.5)},${f(stage.baseY + bh + u * 0.06)} L${f(stage.cx - bw / 2 + shadowDir * bw * 0.5)},${f(stage.baseY + bh + u * 0.06)}Z" fill="${darken(bg, 0.25)}" opacity="0.18"/>`;
  out += rect(
    stage.cx - bw / 2,
    stage.baseY,
    bw,
    bh,
    linear(scene, 0, stage.baseY, 0, stage.baseY + bh, [
      [0, darken(plinth, 0.04)],
      [1, darken(plinth, 0.12)],
    ]),
  );
  out += `<path d="M${f(stage.cx - bw / 2)},${f(stage.baseY)} L${f(stage.cx - bw / 2 + top)},${f(stage.baseY - top)} L${f(stage.cx + bw / 2 - top)},${f(stage.baseY - top)} L${f(stage.cx + bw / 2)},${f(stage.baseY)}Z" fill="${lighten(plinth, 0.5)}"/>`;
  const at = placeProduct(scene, product);
  out += drawProduct(scene, product, { ...at, y: at.y - top * 0.5 }, 'soft', pal.accent);
  return out;
}

function bold(scene: Scene, product: Product | undefined): string {
  const { W, H, u, rng, pal, stage } = scene;
  const roles = rng.pick([
    [pal.primary, pal.accent, pal.secondary],
    [pal.accent, pal.primary, pal.background],
    [pal.primary, pal.secondary, pal.accent],
  ] as const);
  const [ground, band, disc] = roles;
  let out = rect(0, 0, W, H, ground);
  // A wide diagonal band through the stage.
  const angle = (scene.flip ? -1 : 1) * rng.range(14, 26);
  const bandW = u * rng.range(0.3, 0.42);
  const cy = stage.baseY - stage.maxH * 0.4;
  const L = Math.hypot(W, H) * 1.5;
  out += `<g transform="rotate(${f(angle)} ${f(stage.cx)} ${f(cy)})">${rect(stage.cx - L / 2, cy - bandW / 2, L, bandW, band)}${rect(stage.cx - L / 2, cy + bandW / 2 + u * 0.03, L, u * 0.035, disc)}</g>`;
  // Big disc behind the product.
  const r = Math.min(stage.hero.width, stage.hero.height) * rng.range(0.4, 0.5);
  out += circle(stage.cx, cy, r, distance(disc, band) < 40 ? lighten(disc, 0.3) : disc);
  out += circle(
    stage.cx,
    cy,
    r * 1.09,
    'none',
    ` stroke="${mix(ground, '#FFFFFF', 0.85)}" stroke-width="${f(u * 0.008)}" stroke-dasharray="${f(u * 0.004)} ${f(u * 0.02)}" stroke-linecap="round" opacity="0.9"`,
  );
  // Halftone dots in a corner.
  const corner = rng.pick([
    [0.08, 0.92],
    [0.92, 0.92],
  ] as const);
  out += halftone(
    scene,
    mx(scene, W * corner[0]),
    H * corner[1],
    u * 0.3,
    u * 0.026,
    mix(ground, '#FFFFFF', 0.7),
    0.6,
  );
  // Thick parallel stripes.
  const sx = mx(scene, W * rng.range(0.72, 0.9));
  const sy = stage.hero.y + stage.hero.height * rng.range(0.05, 0.25);
  let stripes = '';
  for (let i = 0; i < 4; i++) {
    stripes += rect(sx + i * u * 0.03, sy, u * 0.012, u * 0.16, mix(ground, '#FFFFFF', 0.85));
  }
  out += `<g transform="rotate(${f(-angle)} ${f(sx)} ${f(sy)})" opacity="0.85">${stripes}</g>`;
  const at = placeProduct(scene, product);
  out += drawProduct(scene, product, at, 'hard', pal.accent);
  return out;
}

function luxury(scene: Scene, product: Product | undefined): string {
  const { W, H, u, rng, pal, stage } = scene;
  const deep =
    relativeLuminance(pal.primary) < 0.08
      ? pal.primary
      : withLightness(pal.primary, rng.range(0.12, 0.18), 0.7);
  const gold = mix(pal.accent, '#D4AF6A', rng.range(0.45, 0.7));
  const cy = stage.baseY - stage.maxH * 0.55;
  let out = rect(
    0,
    0,
    W,
    H,
    radial(scene, stage.cx, cy, Math.max(W, H) * 0.85, [
      [0, lighten(deep, 0.12)],
      [0.45, deep],
      [1, darken(deep, 0.65)],
    ]),
  );
  // Spotlight cone from above.
  const topW = u * 0.08;
  const podW = Math.min(stage.hero.width * 0.78, Math.max(u * 0.238, placeProduct(scene, product).w * 1.6));
  out += `<path d="M${f(stage.cx - topW)},0 L${f(stage.cx + topW)},0 L${f(stage.cx + podW * 0.7)},${f(stage.baseY)} L${f(stage.cx - podW * 0.7)},${f(stage.baseY)}Z" fill="${linear(
    scene,
    0,
    0,
    0,
    stage.baseY,
    [
      [0, '#FFFFFF', 0.16],
      [1, '#FFFFFF', 0.02],
    ],
  )}"/>`;
  // Concentric gold arcs.
  const rings = rng.int(2, 4);
  const r0 = Math.min(stage.hero.width, stage.hero.height) * rng.range(0.36, 0.44);
  for (let i = 0; i < rings; i++) {
    out += circle(
      stage.cx,
      cy,
      r0 * (1 + i * 0.14),
      'none',
      ` stroke="${gold}" stroke-width="${f(u * (i === 0 ? 0.003 : 0.0018))}" opacity="${op(0.75 - i * 0.18)}"`,
    );
  }
  // Art-deco corner brackets.
  const inset = u * 0.035;
  const arm = u * 0.09;
  const stroke = ` stroke="${gold}" stroke-width="${f(u * 0.0022)}" fill="none" opacity="0.7"`;
  for (const [x, y, sx, sy] of [
    [inset, inset, 1, 1],
    [W - inset, inset, -1, 1],
    [inset, H - inset, 1, -1],
    [W - inset, H - inset, -1, -1],
  ] as const) {
    out += `<path d="M${f(x)},${f(y + sy * arm)} L${f(x)},${f(y)} L${f(x + sx * arm)},${f(y)}"${stroke}/>`;
  }
  // Floor glow and a glossy dark podium with a gold rim.
  out += ellipse(
    stage.cx,
    stage.baseY + podW * 0.2,
    podW,
    podW * 0.16,
    radial(scene, stage.cx, stage.baseY + podW * 0.2, podW, [
      [0, gold, 0.22],
      [1, gold, 0],
    ]),
  );
  out += cylinder(scene, stage.cx, stage.baseY, podW, podW * rng.range(0.18, 0.26), lighten(deep, 0.08), {
    rim: gold,
    gloss: 0.12,
  });
  const at = placeProduct(scene, product);
  for (let i = 0, n = rng.int(4, 7); i < n; i++) {
    const x = rng.range(W * 0.05, W * 0.95);
    const y = rng.range(stage.hero.y, stage.baseY);
    const r = u * rng.range(0.008, 0.02);
    const onProduct = x > at.x - r && x < at.x + at.w + r && y > at.y - r && y < at.y + at.h + r;
    if (!onProduct && !underText(scene, x, y, r)) out += sparkle(x, y, r, gold, rng.range(0.5, 0.9));
  }
  out += drawProduct(scene, product, at, 'soft', gold);
  return out;
}

function playful(scene: Scene, product: Product | undefined): string {
  const { W, H, u, rng, pal, stage } = scene;
  const bg = rng.pick([
    mix(pal.background, pal.accent, 0.12),
    mix('#FFFFFF', pal.secondary, 0.18),
    mix(pal.background, pal.primary, 0.1),
  ]);
  const colours = [
    pal.primary,
    pal.accent,
    pal.secondary,
    lighten(pal.accent, 0.35),
    darken(pal.primary, 0.1),
  ];
  const soft = [mix(bg, pal.accent, 0.45), mix(bg, pal.secondary, 0.55), mix(bg, pal.primary, 0.3)];
  let out = rect(0, 0, W, H, bg);
  const cy = stage.baseY - stage.maxH * 0.45;
  out += `<path d="${blobPath(rng, mx(scene, W * 0.02), H * rng.range(0.55, 0.95), u * 0.32, 7, 0.2)}" fill="${rng.pick(soft)}" opacity="0.9"/>`;
  out += `<path d="${blobPath(rng, mx(scene, W * 0.98), scene.landscape ? H * rng.range(0.05, 0.4) : H * rng.range(0.55, 0.7), u * 0.28, 7, 0.2)}" fill="${rng.pick(soft)}" opacity="0.85"/>`;
  const blobR = Math.min(stage.hero.width, stage.hero.height) * 0.46;
  out += `<path d="${blobPath(rng, stage.cx, cy, blobR, 8, 0.12)}" fill="${mix(bg, pal.accent, 0.45)}"/>`;
  // Confetti, kept off the product.
  const pieces = rng.int(18, 28);
  for (let i = 0; i < pieces; i++) {
    const x = rng.range(0, W);
    const y = rng.range(0, H);
    if (Math.hypot(x - stage.cx, y - cy) < blobR * 0.9 || underText(scene, x, y, u * 0.03)) continue;
    const s = u * rng.range(0.012, 0.028);
    const color = rng.pick(colours);
    const rot = rng.range(0, 360);
    const kind = rng.int(0, 4);
    let shape: string;
    if (kind === 0) shape = circle(0, 0, s * 0.6, color);
    else if (kind === 1) shape = rect(-s, -s * 0.35, s * 2, s * 0.7, color, ` rx="${f(s * 0.35)}"`);
    else if (kind === 2)
      shape = `<path d="M0,${f(-s)} L${f(s * 0.9)},${f(s * 0.6)} L${f(-s * 0.9)},${f(s * 0.6)}Z" fill="${color}"/>`;
    else if (kind === 3)
      shape = circle(0, 0, s * 0.6, 'none', ` stroke="${color}" stroke-width="${f(s * 0.35)}"`);
    else
      shape = `<path d="M${f(-s * 1.4)},0 q${f(s * 0.35)},${f(-s * 0.6)} ${f(s * 0.7)},0 t${f(s * 0.7)},0 t${f(s * 0.7)},0 t${f(s * 0.7)},0" fill="none" stroke="${color}" stroke-width="${f(s * 0.3)}" stroke-linecap="round"/>`;
    out += `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rot)})">${shape}</g>`;
  }
  const podW = Math.min(stage.hero.width * 0.75, Math.max(u * 0.21, placeProduct(scene, product).w * 1.5));
  out += cylinder(
    scene,
    stage.cx,
    stage.baseY,
    podW,
    podW * 0.2,
    rng.pick([pal.primary, pal.accent, pal.secondary]),
  );
  const at = placeProduct(scene, product);
  out += drawProduct(scene, product, at, 'soft', pal.accent);
  return out;
}

function editorial(scene: Scene, product: Product | undefined): string {
  const { W, H, u, rng, pal, stage } = scene;
  const paper = mix(pal.background, '#F4EFE6', 0.35);
  const block = rng.pick([
    mix(pal.secondary, paper, 0.25),
    mix(pal.primary, paper, 0.3),
    mix(pal.accent, paper, 0.55),
  ]);
  let out = rect(0, 0, W, H, paper);
  // Colour block: a vertical field on one side (portrait) or behind the hero (landscape).
  const split = scene.landscape
    ? stage.hero.x + stage.hero.width * rng.range(0.15, 0.3)
    : W * rng.range(0.55, 0.7);
  out +=
    scene.flip && !scene.landscape ? rect(0, 0, W - split, H, block) : rect(split, 0, W - split, H, block);
  // The arch behind the product.
  const aw = Math.min(stage.hero.width * 0.62, Math.max(u * 0.21, placeProduct(scene, product).w * 1.55));
  const top = Math.max(stage.hero.y - u * 0.02, stage.baseY - stage.maxH * 1.2);
  const archFill = rng.pick([
    mix(pal.accent, paper, 0.2),
    mix(pal.primary, paper, 0.15),
    lighten(block, 0.35),
  ]);
  const archPath = (w: number, t: number) =>
    `M${f(stage.cx - w / 2)},${f(stage.baseY)} L${f(stage.cx - w / 2)},${f(t + w / 2)} A${f(w / 2)},${f(w / 2)} 0 0 1 ${f(stage.cx + w / 2)},${f(t + w / 2)} L${f(stage.cx + w / 2)},${f(stage.baseY)}Z`;
  out += `<path d="${archPath(aw, top)}" fill="${archFill}"/>`;
  out += `<path d="${archPath(aw * 1.12, top - aw * 0.06)}" fill="none" stroke="${pal.text}" stroke-width="${f(u * 0.0018)}" opacity="0.35"/>`;
  // Hairline rules and a marker dot.
  out += rect(0, stage.baseY + u * 0.002, W, u * 0.002, pal.text, ' opacity="0.3"');
  out += rect(mx(scene, W * 0.06), stage.baseY - stage.maxH * 0.2, u * 0.002, H, pal.text, ' opacity="0.18"');
  out += circle(
    mx(scene, W * rng.range(0.8, 0.9)),
    stage.baseY - stage.maxH * rng.range(0.6, 0.9),
    u * 0.012,
    pal.accent,
  );
  // A low plinth the width of the arch.
  const ph = u * rng.range(0.05, 0.08);
  out += rect(
    stage.cx - aw * 0.55,
    stage.baseY,
    aw * 1.1,
    ph,
    linear(scene, 0, stage.baseY, 0, stage.baseY + ph, [
      [0, lighten(paper, 0.4)],
      [1, darken(paper, 0.08)],
    ]),
  );
  out += rect(
    0,
    stage.baseY + ph,
    W,
    H - stage.baseY - ph,
    darken(scene.flip ? block : paper, 0.04),
    ' opacity="0.6"',
  );
  const at = placeProduct(scene, product);
  out += drawProduct(scene, product, at, 'soft', pal.accent);
  return out;
}

function retro(scene: Scene, product: Product | undefined): string {
  const { W, H, u, rng, pal, stage } = scene;
  const cream = mix(pal.background, '#F6E7C8', 0.45);
  const cx = stage.cx;
  const cy = stage.baseY - stage.maxH * 0.5;
  let out = rect(0, 0, W, H, cream);
  // Sunburst rays.
  const rays = rng.pick([24, 28, 32, 36]);
  const R = Math.hypot(W, H);
  const rayColor = mix(cream, rng.pick([pal.accent, pal.primary]), 0.14);
  let path = '';
  for (let i = 0; i < rays; i += 2) {
    const a0 = (i / rays) * Math.PI * 2;
    const a1 = ((i + 1) / rays) * Math.PI * 2;
    path += `M${f(cx)},${f(cy)} L${f(cx + Math.cos(a0) * R)},${f(cy + Math.sin(a0) * R)} L${f(cx + Math.cos(a1) * R)},${f(cy + Math.sin(a1) * R)}Z`;
  }
  out += `<path d="${path}" fill="${rayColor}"/>`;
  // Striped sun.
  const r = Math.min(stage.hero.width, stage.hero.height) * rng.range(0.42, 0.5);
  const sun = linear(scene, 0, cy - r, 0, cy + r, [
    [0, pal.accent],
    [1, mix(pal.accent, pal.primary, 0.55)],
  ]);
  const clip = id(scene, 'sun');
  let bars = '';
  for (let i = 0; i < 5; i++) {
    const y = cy + r * (0.15 + i * 0.17);
    bars += rect(cx - r, y, 2 * r, r * (0.025 + i * 0.018), cream);
  }
  scene.defs.push(`<clipPath id="${clip}"><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}"/></clipPath>`);
  out += `<g clip-path="url(#${clip})">${circle(cx, cy, r, sun)}${bars}</g>`;
  // 70s rainbow arcs in a corner.
  const ax = scene.landscape ? W : mx(scene, 0);
  const ay = H;
  const bands = [pal.primary, pal.accent, pal.secondary, lighten(pal.accent, 0.4)];
  const arcW = u * 0.045;
  bands.forEach((color, i) => {
    const rr = u * 0.34 - i * arcW;
    out += circle(ax, ay, rr, 'none', ` stroke="${color}" stroke-width="${f(arcW)}"`);
  });
  // Halftone in the opposite corner.
  out += halftone(
    scene,
    mx(scene, W),
    stage.hero.y + stage.hero.height * 0.15,
    u * 0.26,
    u * 0.022,
    pal.primary,
    0.25,
  );
  const podW = Math.min(stage.hero.width * 0.7, Math.max(u * 0.21, placeProduct(scene, product).w * 1.5));
  out += cylinder(scene, stage.cx, stage.baseY, podW, podW * 0.18, mix(pal.primary, cream, 0.15));
  const at = placeProduct(scene, product);
  out += drawProduct(scene, product, at, 'hard', pal.accent);
  return out;
}

function tech(scene: Scene, product: Product | undefined): string {
  const { W, H, u, rng, pal, stage } = scene;
  const deep = mix(withLightness(pal.primary, 0.1, 0.8), '#070B1A', 0.55);
  const glowA = toHsl(pal.accent).l < 0.25 ? lighten(pal.accent, 0.35) : pal.accent;
  const glowB = toHsl(pal.secondary).l < 0.25 ? lighten(pal.secondary, 0.35) : pal.secondary;
  let out = rect(
    0,
    0,
    W,
    H,
    linear(scene, 0, 0, 0, H, [
      [0, lighten(deep, 0.06)],
      [1, darken(deep, 0.3)],
    ]),
  );
  // Glow orbs.
  for (const [x, y, r, c, o] of [
    [stage.cx, stage.baseY - stage.maxH * 0.5, u * 0.55, glowA, 0.45],
    [mx(scene, W * rng.range(0.05, 0.25)), H * rng.range(0.05, 0.3), u * 0.45, glowB, 0.35],
  ] as const) {
    out += circle(
      x,
      y,
      r,
      radial(scene, x, y, r, [
        [0, c, o],
        [1, c, 0],
      ]),
    );
  }
  // Perspective grid floor.
  const horizon = stage.baseY - u * 0.02;
  const vpY = horizon - u * 0.25;
  const gridId = id(scene, 'gm');
  scene.defs.push(
    `<linearGradient id="${gridId}g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#FFFFFF" stop-opacity="0"/><stop offset="1" stop-color="#FFFFFF" stop-opacity="1"/></linearGradient><mask id="${gridId}" maskUnits="userSpaceOnUse" x="0" y="${f(horizon)}" width="${W}" height="${f(H - horizon)}">${rect(0, horizon, W, H - horizon, `url(#${gridId}g)`)}</mask>`,
  );
  let lines = '';
  const cols = 14;
  for (let i = -cols; i <= cols; i++) {
    const xb = stage.cx + (i / cols) * W * 1.6;
    const t = (horizon - vpY) / (H - vpY);
    const xh = stage.cx + (xb - stage.cx) * t;
    lines += `M${f(xh)},${f(horizon)} L${f(xb)},${f(H)}`;
  }
  for (let k = 1; k < 10; k++) {
    const y = horizon + (H - horizon) * (k / 9) ** 1.8;
    lines += `M0,${f(y)} L${W},${f(y)}`;
  }
  out += `<path d="${lines}" stroke="${glowA}" stroke-width="${f(u * 0.0022)}" fill="none" opacity="0.55" mask="url(#${gridId})"/>`;
  // Particles.
  for (let i = 0, n = rng.int(18, 30); i < n; i++) {
    out += circle(
      rng.range(0, W),
      rng.range(0, horizon),
      u * rng.range(0.002, 0.005),
      rng.pick(['#FFFFFF', glowA, glowB]),
      ` opacity="${op(rng.range(0.3, 0.8))}"`,
    );
  }
  // Neon ring platform.
  const podW = Math.min(stage.hero.width * 0.8, Math.max(u * 0.238, placeProduct(scene, product).w * 1.6));
  const fid = id(scene, 'blur');
  scene.defs.push(
    `<filter id="${fid}" x="-20%" y="-80%" width="140%" height="260%"><feGaussianBlur stdDeviation="${f(u * 0.012)}"/></filter>`,
  );
  out += cylinder(scene, stage.cx, stage.baseY, podW, podW * 0.09, mix(deep, glowA, 0.12));
  out += ellipse(
    stage.cx,
    stage.baseY,
    podW * 0.5,
    podW * 0.085,
    'none',
    ` stroke="${glowA}" stroke-width="${f(u * 0.012)}" filter="url(#${fid})"`,
  );
  out += ellipse(
    stage.cx,
    stage.baseY,
    podW * 0.5,
    podW * 0.085,
    'none',
    ` stroke="${lighten(glowA, 0.5)}" stroke-width="${f(u * 0.003)}"`,
  );
  const at = placeProduct(scene, product);
  out += drawProduct(scene, product, at, 'glow', glowA);
  return out;
}

function organic(scene: Scene, product: Product | undefined): string {
  const { W, H, u, rng, pal, stage } = scene;
  const base = mix(pal.background, '#F3EEE3', 0.4);
  let out = rect(
    0,
    0,
    W,
    H,
    linear(scene, 0, 0, W * 0.3, H, [
      [0, mix(base, pal.secondary, 0.1)],
      [1, mix(base, pal.primary, 0.08)],
    ]),
  );
  const cy = stage.baseY - stage.maxH * 0.5;
  // Sun disc and soft stones.
  out += circle(
    stage.cx + (scene.flip ? -1 : 1) * u * 0.08,
    cy - u * 0.03,
    Math.min(stage.hero.width, stage.hero.height) * 0.46,
    mix(base, pal.accent, 0.28),
  );
  out += `<path d="${blobPath(rng, mx(scene, W * 0.95), H * rng.range(0.15, 0.45), u * 0.25, 6, 0.18, 0.85)}" fill="${mix(base, pal.secondary, 0.3)}" opacity="0.8"/>`;
  out += `<path d="${blobPath(rng, mx(scene, W * 0.05), H * rng.range(0.75, 0.98), u * 0.3, 6, 0.18, 0.7)}" fill="${mix(base, pal.primary, 0.22)}" opacity="0.7"/>`;
  // Leaf sprigs growing from behind the stage.
  const leafA = mix(pal.secondary, '#5E7F4F', 0.45);
  const leafB = mix(pal.primary, '#3F5E3A', 0.4);
  const sprigs = rng.int(1, 2);
  for (let s = 0; s < sprigs; s++) {
    const dir = s === 0 ? (scene.flip ? 1 : -1) : scene.flip ? -1 : 1;
    const rootX = stage.cx + dir * stage.maxW * rng.range(0.35, 0.6);
    const rootY = stage.baseY;
    const n = rng.int(4, 6);
    let leaves = '';
    for (let i = 0; i < n; i++) {
      const len = u * rng.range(0.14, 0.26);
      const ang = dir * rng.range(8, 60) * (i % 2 === 0 ? 1 : 0.5) - (i % 2 ? dir * 10 : 0);
      const color = i % 2 ? leafA : leafB;
      leaves += `<g transform="translate(${f(rootX + dir * i * u * 0.008)} ${f(rootY - i * u * 0.02)}) rotate(${f(ang)})"><path d="${leafPath(len, len * 0.38)}" fill="${color}"/><path d="M0,0 L0,${f(-len * 0.92)}" stroke="${lighten(color, 0.3)}" stroke-width="${f(u * 0.002)}" opacity="0.6"/></g>`;
    }
    out += leaves;
  }
  // A pebble podium.
  const podW = Math.min(stage.hero.width * 0.78, Math.max(u * 0.224, placeProduct(scene, product).w * 1.55));
  const stone = mix(base, pal.primary, 0.18);
  out += contactShadow(scene, stage.cx, stage.baseY + podW * 0.12, podW * 0.6, 0.3);
  out += ellipse(
    stage.cx,
    stage.baseY + podW * 0.05,
    podW * 0.5,
    podW * 0.11,
    linear(scene, 0, stage.baseY - podW * 0.06, 0, stage.baseY + podW * 0.16, [
      [0, lighten(stone, 0.25)],
      [1, darken(stone, 0.18)],
    ]),
  );
  const at = placeProduct(scene, product);
  out += drawProduct(scene, product, { ...at, y: at.y + podW * 0.02 }, 'soft', pal.accent);
  return out;
}

const SCENES: Record<SceneFamily, (scene: Scene, product: Product | undefined) => string> = {
  studio,
  minimal,
  bold,
  luxury,
  playful,
  editorial,
  retro,
  tech,
  organic,
};

// ---------------------------------------------------------------------------------------------
// Product preparation: cut out a plain backdrop, trim, or frame a busy photo.
// ---------------------------------------------------------------------------------------------

const WORK_SIZE = 720;

/**
 * Makes the product ready to place: decodes it (resvg) at a working size; when it has no
 * transparency but stands on a plain backdrop (most packshots), flood-fills that backdrop away
 * from the edges; trims transparent margins. A busy photo that cannot be cut out is framed in a
 * circle instead.
 */
function prepareProduct(bytes: Buffer): Product {
  const info = imageInfo(bytes);
  if (!info)
    throw new PermanentImageError(
      'invalid_product_image',
      'The product image is not a PNG, JPEG, GIF or WebP file.',
    );
  if (info.format === 'webp') {
    throw new PermanentImageError(
      'unsupported_product_image',
      'WebP product images cannot be rendered yet; use PNG or JPEG.',
    );
  }
  if (info.width < 8 || info.height < 8)
    throw new PermanentImageError('invalid_product_image', 'The product image is too small.');
  const k = Math.min(1, WORK_SIZE / Math.max(info.width, info.height));
  const w = Math.max(1, Math.round(info.width * k));
  const h = Math.max(1, Math.round(info.height * k));
  const image = decodeScaled(bytes, info.format, w, h);
  let opaque = true;
  for (let i = 3; i < image.data.length; i += 4) {
    if ((image.data[i] ?? 255) < 250) {
      opaque = false;
      break;
    }
  }
  if (opaque && !cutBackdrop(image.data, w, h)) {
    return { kind: 'framed', href: dataUrl(bytes, info.format), width: info.width, height: info.height };
  }
  const box = alphaBounds(image.data, w, h);
  if (!box) throw new PermanentImageError('invalid_product_image', 'The product image is fully transparent.');
  const trimmed = new Uint8Array(box.w * box.h * 4);
  for (let y = 0; y < box.h; y++) {
    trimmed.set(
      image.data.subarray(((box.y + y) * w + box.x) * 4, ((box.y + y) * w + box.x + box.w) * 4),
      y * box.w * 4,
    );
  }
  const png = encodePng({ width: box.w, height: box.h, data: trimmed });
  return { kind: 'cutout', href: dataUrl(png), width: box.w, height: box.h };
}

/** Removes a plain backdrop connected to the border, in place. False when the border is busy. */
function cutBackdrop(data: Uint8Array, w: number, h: number): boolean {
  const border: number[] = [];
  for (let x = 0; x < w; x++) border.push(x, (h - 1) * w + x);
  for (let y = 0; y < h; y++) border.push(y * w, y * w + w - 1);
  const channel = (c: number) =>
    border.map((p) => data[p * 4 + c] ?? 0).sort((a, b) => a - b)[Math.floor(border.length / 2)] ?? 0;
  const ref = { r: channel(0), g: channel(1), b: channel(2) };
  const dist = (p: number) =>
    Math.hypot((data[p * 4] ?? 0) - ref.r, (data[p * 4 + 1] ?? 0) - ref.g, (data[p * 4 + 2] ?? 0) - ref.b);
  const plain = border.filter((p) => dist(p) < 28).length / border.length;
  if (plain < 0.9) return false;
  const tolerance = 40;
  const removed = new Uint8Array(w * h);
  const queue = new Int32Array(w * h);
  let head = 0;
  let tail = 0;
  for (const p of border) {
    if (!removed[p] && dist(p) < tolerance) {
      removed[p] = 1;
      queue[tail++] = p;
    }
  }
  while (head < tail) {
    const p = queue[head++] ?? 0;
    const x = p % w;
    const y = (p - x) / w;
    const next = [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1];
    for (const q of next) {
      if (q >= 0 && !removed[q] && dist(q) < tolerance) {
        removed[q] = 1;
        queue[tail++] = q;
      }
    }
  }
  if (tail > w * h * 0.97) return false;
  for (let p = 0; p < w * h; p++) {
    if (removed[p]) {
      data[p * 4 + 3] = 0;
      continue;
    }
    // Feather the edge: pixels next to the removed backdrop fade by their likeness to it.
    const x = p % w;
    const touches =
      (x > 0 && removed[p - 1]) || (x < w - 1 && removed[p + 1]) || removed[p - w] || removed[p + w];
    if (touches)
      data[p * 4 + 3] = Math.round(
        255 * Math.min(1, Math.max(0.35, (dist(p) - tolerance * 0.5) / tolerance)),
      );
  }
  return true;
}

function alphaBounds(
  data: Uint8Array,
  w: number,
  h: number,
): { x: number; y: number; w: number; h: number } | undefined {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if ((data[(y * w + x) * 4 + 3] ?? 0) > 12) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  if (x1 < 0) return undefined;
  return { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

// ---------------------------------------------------------------------------------------------
// The model
// ---------------------------------------------------------------------------------------------

/** The scene SVG for a request; `generate` rasterises it. */
function buildTemplateSvg(request: VisualRequest, product?: Product): string {
  const W = request.width;
  const H = request.height;
  const family = sceneFamily(request.visualStyle);
  const rng = createRng(hash32(`${request.seed}|${family}|${request.visualStyle.trim().toLowerCase()}`));
  const grid = creativeGrid(W, H);
  const landscape = grid.orientation === 'side';
  const hero = grid.hero;
  const stage: Stage = landscape
    ? {
        cx: hero.x + hero.width / 2,
        baseY: hero.y + hero.height * (W / H < 1.3 ? 0.74 : 0.8),
        maxW: hero.width * (W / H < 1.3 ? 0.5 : 0.6),
        maxH: hero.height * (W / H < 1.3 ? 0.44 : 0.62),
        hero,
      }
    : {
        cx: hero.x + hero.width / 2,
        baseY: hero.y + hero.height * 0.8,
        maxW: hero.width * 0.56,
        maxH: hero.height * 0.7,
        hero,
      };
  const scene: Scene = {
    W,
    H,
    u: Math.min(W, H),
    rng,
    pal: normalizePalette(request.brand.colors),
    stage,
    flip: rng.chance(0.5),
    defs: [],
    ids: 0,
    landscape,
    text: grid.text,
  };
  const body = SCENES[family](scene, product);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs>${scene.defs.join('')}</defs>${body}</svg>`
  );
}

export function createTemplateImageModel(): ImageModel {
  return {
    id: TEMPLATE_MODEL_ID,
    async generate(request: VisualRequest): Promise<Visual> {
      const { width, height } = request;
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
      const product = request.productImage ? prepareProduct(request.productImage) : undefined;
      const png = await rasterizeAsync(buildTemplateSvg(request, product));
      return { png, width, height, model: TEMPLATE_MODEL_ID, seed: request.seed };
    },
  };
}
