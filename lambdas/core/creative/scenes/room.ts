import { darken, lighten } from '../color.ts';
import { blur, circle, gradient, mx, n, rect, type SceneContext, softDisc, tones } from './kit.ts';

/** For hospitality and places people visit: a calm room suggested in brand tones (window or arch, lamp, table, plant). */
export function roomScene(s: SceneContext): string {
  const { W, H, u, rng } = s;
  const t = tones(s.pal);
  const horizon = H * rng.range(0.66, 0.74);
  const out: string[] = [
    rect(
      0,
      0,
      W,
      horizon,
      gradient(s, 0, 0, 0, horizon, [
        [0, t.wall],
        [1, t.wallShade],
      ]),
    ),
    rect(
      0,
      horizon,
      W,
      H - horizon,
      gradient(s, 0, horizon, 0, H, [
        [0, t.floor],
        [1, darken(t.floor, 0.12)],
      ]),
    ),
  ];
  // Window with daylight, or an arched opening.
  const ww = u * rng.range(0.32, 0.44);
  const wx = mx(s, W * rng.range(0.55, 0.7)) - ww / 2;
  const wTop = horizon - u * rng.range(0.62, 0.78);
  const wh = horizon - wTop - u * 0.12;
  const light = lighten(t.secondarySoft, 0.5);
  if (rng.chance(0.5)) {
    out.push(rect(wx, wTop, ww, wh, light, `rx="${n(u * 0.01)}"`));
    out.push(rect(wx + ww / 2 - u * 0.006, wTop, u * 0.012, wh, t.wallShade));
    out.push(rect(wx, wTop + wh * 0.45, ww, u * 0.012, t.wallShade));
    // Light falling on the floor.
    out.push(
      `<polygon points="${n(wx)},${n(horizon)} ${n(wx + ww)},${n(horizon)} ${n(wx + ww * 1.5)},${n(H)} ${n(wx - ww * 0.2)},${n(H)}" fill="${light}" opacity="0.35" filter="${blur(s, u * 0.02)}"/>`,
    );
  } else {
    const r = ww / 2;
    out.push(
      `<path d="M${n(wx)},${n(horizon)} V${n(wTop + r)} A${n(r)},${n(r)} 0 0 1 ${n(wx + ww)},${n(wTop + r)} V${n(horizon)} Z" fill="${t.secondarySoft}"/>`,
    );
  }
  // Pendant lamp.
  const lx = mx(s, W * rng.range(0.25, 0.4));
  const ly = H * rng.range(0.2, 0.3);
  out.push(rect(lx - 1.5, 0, 3, ly, t.ink, 'opacity="0.7"'));
  out.push(
    `<path d="M${n(lx - u * 0.07)},${n(ly + u * 0.06)} A${n(u * 0.07)},${n(u * 0.07)} 0 0 1 ${n(lx + u * 0.07)},${n(ly + u * 0.06)} Z" fill="${t.accent}"/>`,
  );
  out.push(softDisc(s, lx, ly + u * 0.08, u * 0.05, lighten(t.accent, 0.8), 0.6, u * 0.03));
  // Table with a cup, or a low sofa.
  const tx = mx(s, W * rng.range(0.3, 0.45));
  if (rng.chance(0.5)) {
    const tw = u * 0.36;
    out.push(rect(tx - tw / 2, horizon + u * 0.02, tw, u * 0.025, t.primary, `rx="${n(u * 0.01)}"`));
    out.push(rect(tx - tw * 0.38, horizon + u * 0.045, u * 0.018, u * 0.14, t.primaryDeep));
    out.push(rect(tx + tw * 0.38 - u * 0.018, horizon + u * 0.045, u * 0.018, u * 0.14, t.primaryDeep));
    out.push(rect(tx - u * 0.03, horizon - u * 0.035, u * 0.06, u * 0.055, t.paper, `rx="${n(u * 0.01)}"`));
  } else {
    const sw = u * 0.55;
    out.push(rect(tx - sw / 2, horizon - u * 0.1, sw, u * 0.2, t.primary, `rx="${n(u * 0.05)}"`));
    out.push(
      rect(
        tx - sw / 2 + u * 0.03,
        horizon - u * 0.17,
        sw - u * 0.06,
        u * 0.12,
        darken(t.primary, 0.12),
        `rx="${n(u * 0.04)}"`,
      ),
    );
    out.push(circle(tx - sw * 0.3, horizon - u * 0.13, u * 0.045, t.accentSoft));
  }
  // A plant.
  const px = mx(s, W * rng.range(0.82, 0.92));
  out.push(rect(px - u * 0.04, horizon - u * 0.06, u * 0.08, u * 0.1, t.secondary, `rx="${n(u * 0.012)}"`));
  for (let i = 0; i < 5; i++) {
    const a = -90 + (i - 2) * 22;
    out.push(
      `<ellipse cx="${n(px)}" cy="${n(horizon - u * 0.14)}" rx="${n(u * 0.025)}" ry="${n(u * 0.09)}" fill="${darken(t.secondary, 0.15)}" transform="rotate(${n(a + 90)} ${n(px)} ${n(horizon - u * 0.06)})"/>`,
    );
  }
  return out.join('');
}
