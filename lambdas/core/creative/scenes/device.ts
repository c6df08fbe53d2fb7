import { darken } from '../color.ts';
import { circle, gradient, mx, n, rect, type SceneContext, tones } from './kit.ts';

/** For apps: a phone (and sometimes a tablet) showing a wordless app screen, on a brand field. */
export function deviceScene(s: SceneContext): string {
  const { W, H, u, rng } = s;
  const t = tones(s.pal);
  const dark = rng.chance(0.5);
  const bg = dark ? [t.primaryDeep, t.primary] : [t.paper, t.primarySoft];
  const out: string[] = [
    rect(
      0,
      0,
      W,
      H,
      gradient(s, 0, 0, 0, H, [
        [0, bg[0] ?? t.paper],
        [1, bg[1] ?? t.paper],
      ]),
    ),
  ];
  // Soft discs behind the device.
  out.push(
    circle(
      mx(s, W * 0.62),
      H * 0.45,
      u * rng.range(0.3, 0.42),
      dark ? t.primary : t.accentSoft,
      'opacity="0.9"',
    ),
  );
  if (rng.chance(0.6)) out.push(circle(mx(s, W * 0.35), H * 0.7, u * 0.16, t.secondarySoft, 'opacity="0.8"'));
  const ph = Math.min(H * 0.78, u * 1.05);
  const pw = ph * 0.49;
  const cx = mx(s, W * rng.range(0.45, 0.6));
  const cy = H * 0.5;
  const tilt = rng.range(-9, 9);
  const screen = { x: cx - pw / 2 + pw * 0.05, y: cy - ph / 2 + pw * 0.05, w: pw * 0.9, h: ph - pw * 0.1 };
  const parts: string[] = [];
  // Tablet behind, sometimes.
  if (rng.chance(0.4)) {
    const tw = ph * 0.75;
    parts.push(
      rect(
        cx - tw * 0.9,
        cy - ph * 0.35,
        tw,
        ph * 0.7,
        darken(t.ink, 0.1),
        `rx="${n(u * 0.03)}" opacity="0.95"`,
      ),
    );
    parts.push(
      rect(
        cx - tw * 0.9 + u * 0.015,
        cy - ph * 0.35 + u * 0.015,
        tw - u * 0.03,
        ph * 0.7 - u * 0.03,
        t.wall,
        `rx="${n(u * 0.02)}"`,
      ),
    );
  }
  parts.push(
    rect(
      cx - pw / 2 + u * 0.012,
      cy - ph / 2 + u * 0.02,
      pw,
      ph,
      '#000000',
      `rx="${n(pw * 0.16)}" opacity="0.18"`,
    ),
  );
  parts.push(rect(cx - pw / 2, cy - ph / 2, pw, ph, t.ink, `rx="${n(pw * 0.16)}"`));
  parts.push(rect(screen.x, screen.y, screen.w, screen.h, t.paper, `rx="${n(pw * 0.12)}"`));
  // The app: a header, then a card list, a chart or a tile grid (no words).
  const pad = screen.w * 0.08;
  parts.push(rect(screen.x, screen.y, screen.w, screen.h * 0.2, t.primary, `rx="${n(pw * 0.12)}"`));
  parts.push(circle(screen.x + pad + screen.w * 0.08, screen.y + screen.h * 0.11, screen.w * 0.08, t.accent));
  parts.push(
    rect(
      screen.x + pad + screen.w * 0.22,
      screen.y + screen.h * 0.09,
      screen.w * 0.4,
      screen.h * 0.025,
      t.primarySoft,
      'rx="4"',
    ),
  );
  const body = rng.pick(['cards', 'chart', 'tiles'] as const);
  const top = screen.y + screen.h * 0.25;
  if (body === 'cards') {
    for (let i = 0; i < 4; i++) {
      const y = top + i * screen.h * 0.17;
      parts.push(
        rect(
          screen.x + pad,
          y,
          screen.w - 2 * pad,
          screen.h * 0.14,
          i === 0 ? t.accentSoft : t.wall,
          `rx="${n(screen.w * 0.05)}"`,
        ),
      );
      parts.push(
        circle(screen.x + pad * 2.2, y + screen.h * 0.07, screen.w * 0.06, i % 2 ? t.secondary : t.accent),
      );
      parts.push(
        rect(
          screen.x + pad * 3.6,
          y + screen.h * 0.05,
          screen.w * 0.42,
          screen.h * 0.02,
          t.primarySoft,
          'rx="3"',
        ),
      );
    }
  } else if (body === 'chart') {
    const bars = 6;
    const bw = (screen.w - 2 * pad) / (bars * 1.6);
    for (let i = 0; i < bars; i++) {
      const h = screen.h * rng.range(0.12, 0.4);
      parts.push(
        rect(
          screen.x + pad + i * bw * 1.6,
          top + screen.h * 0.45 - h,
          bw,
          h,
          i === bars - 2 ? t.accent : t.primarySoft,
          `rx="${n(bw * 0.3)}"`,
        ),
      );
    }
    parts.push(
      rect(
        screen.x + pad,
        top + screen.h * 0.52,
        screen.w - 2 * pad,
        screen.h * 0.16,
        t.accentSoft,
        `rx="${n(screen.w * 0.05)}"`,
      ),
    );
  } else {
    const cell = (screen.w - 3 * pad) / 2;
    for (let i = 0; i < 4; i++) {
      const x = screen.x + pad + (i % 2) * (cell + pad);
      const y = top + Math.floor(i / 2) * (cell + pad);
      parts.push(
        rect(
          x,
          y,
          cell,
          cell,
          [t.accentSoft, t.secondarySoft, t.primarySoft, t.wall][i] ?? t.wall,
          `rx="${n(cell * 0.18)}"`,
        ),
      );
      parts.push(
        circle(
          x + cell / 2,
          y + cell / 2,
          cell * 0.2,
          [t.accent, t.secondary, t.primary, t.accent][i] ?? t.accent,
        ),
      );
    }
  }
  out.push(`<g transform="rotate(${n(tilt)} ${n(cx)} ${n(cy)})">${parts.join('')}</g>`);
  return out.join('');
}
