// The campaign view's creatives: grouped by angle and aspect ratio, each card at its true shape.

import { $, el, plural, ratioValue, state } from './dom.js';

function angleLabel(angleId) {
  if (!angleId) return { name: 'No angle', detail: 'general creatives' };
  const angle = state.angles.get(angleId);
  return angle
    ? { name: angle.name, detail: angle.awareness_level.replaceAll('_', ' ') }
    : { name: 'Angle', detail: angleId.slice(0, 8) };
}

export function renderCreatives(creatives, live) {
  const counts = { succeeded: 0, pending: 0, failed: 0 };
  const reasons = new Map();
  for (const creative of creatives) {
    if (creative.status === 'succeeded') counts.succeeded++;
    else if (creative.status === 'failed') {
      counts.failed++;
      const reason = creative.failure_reason ?? 'unknown';
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    } else counts.pending++;
  }
  $('count-succeeded').textContent = `${counts.succeeded} succeeded`;
  $('count-pending').textContent = `${counts.pending} pending`;
  $('count-failed').textContent = `${counts.failed} failed`;
  $('count-pending').classList.toggle('zero', counts.pending === 0);
  $('count-failed').classList.toggle('zero', counts.failed === 0);
  const liveNode = $('live');
  liveNode.textContent = live
    ? 'Live · updating every 2 s'
    : `Up to date · ${plural(creatives.length, 'creative')}`;
  liveNode.classList.toggle('on', live);

  const failures = $('failures');
  failures.hidden = reasons.size === 0;
  failures.replaceChildren(
    ...[...reasons].map(([reason, n]) => el('li', {}, el('code', {}, reason), ` — ${plural(n, 'image')}`)),
  );

  const groups = $('groups');
  if (creatives.length === 0) {
    groups.replaceChildren(
      el(
        'div',
        { className: 'empty' },
        el('h2', {}, 'No creatives yet'),
        el(
          'p',
          { className: 'muted' },
          'Generate this campaign to order its images; they appear here as they finish.',
        ),
      ),
    );
    return;
  }

  // Angles in the campaign's order (then any other), ratios in the campaign's order.
  const angleOrder = [...state.campaign.selected_angle_ids];
  const ratioOrder = state.campaign.aspect_ratio.split(',');
  const sorted = [...creatives].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id),
  );
  for (const c of sorted) {
    if (!angleOrder.includes(c.angle_id)) angleOrder.push(c.angle_id);
    if (!ratioOrder.includes(c.aspect_ratio)) ratioOrder.push(c.aspect_ratio);
  }
  const seen = new Set();
  const sections = [];
  for (const angleId of angleOrder) {
    const ofAngle = sorted.filter((c) => c.angle_id === angleId);
    if (ofAngle.length === 0) continue;
    const label = angleLabel(angleId);
    const ratios = [];
    for (const ratio of ratioOrder) {
      const ofRatio = ofAngle.filter((c) => c.aspect_ratio === ratio);
      if (ofRatio.length === 0) continue;
      const sized = ofRatio.find((c) => c.width && c.height);
      ratios.push(
        el(
          'section',
          { className: 'ratio-group' },
          el(
            'h3',
            {},
            ratio,
            el(
              'span',
              { className: 'muted' },
              [sized ? `${sized.width}×${sized.height}` : '', plural(ofRatio.length, 'creative')]
                .filter(Boolean)
                .join(' · '),
            ),
          ),
          el(
            'div',
            { className: 'cards' },
            ofRatio.map((c) => {
              seen.add(c.id);
              return card(c, label.name);
            }),
          ),
        ),
      );
    }
    sections.push(
      el(
        'section',
        { className: 'angle-group' },
        el('h2', {}, label.name, el('span', { className: 'tag' }, label.detail)),
        el('div', { className: 'ratios' }, ratios),
      ),
    );
  }
  for (const id of [...state.cards.keys()]) if (!seen.has(id)) state.cards.delete(id);
  groups.replaceChildren(...sections);
}

/** A creative's card; kept across polls while its status holds, so loaded images stay put. */
function card(creative, angleName) {
  const kept = state.cards.get(creative.id);
  if (kept && kept.status === creative.status) {
    if (kept.link && creative.image_url) kept.link.href = creative.image_url;
    return kept.node;
  }
  const { w, h } =
    creative.width && creative.height
      ? { w: creative.width, h: creative.height }
      : ratioValue(creative.aspect_ratio);
  const r = w / h;
  const frame = el('div', { className: 'frame' });
  frame.style.aspectRatio = `${w} / ${h}`;
  let link = null;
  if (creative.status === 'succeeded' && creative.image_url) {
    const img = el('img', {
      src: creative.image_url,
      alt: `${angleName}, ${creative.aspect_ratio} creative`,
      width: w,
      height: h,
      decoding: 'async',
    });
    img.addEventListener('error', () => frame.classList.add('broken'));
    frame.append(img);
    link = el(
      'a',
      {
        className: 'button small',
        href: creative.image_url,
        download: `adgen-${creative.aspect_ratio.replace(':', 'x')}-${creative.id.slice(-8)}.png`,
        target: '_blank',
        rel: 'noopener noreferrer',
      },
      'Download',
    );
  } else if (creative.status === 'failed') {
    frame.classList.add('failed');
    frame.append(el('span', {}, 'Failed'), el('code', {}, creative.failure_reason ?? 'unknown'));
  } else {
    frame.classList.add('working');
    frame.append(el('span', {}, creative.status === 'running' ? 'Generating…' : 'Queued'));
  }
  const node = el(
    'article',
    { className: 'card', dataset: { status: creative.status, id: creative.id } },
    frame,
    el(
      'footer',
      {},
      el(
        'span',
        { className: `chip chip-${creative.status === 'running' ? 'pending' : creative.status}` },
        creative.status,
      ),
      link,
    ),
  );
  // Cards share a height band: portrait ones narrow, landscape ones wide, all at their shape.
  node.style.width = `${Math.round(Math.min(440, Math.max(228, 290 * r)))}px`;
  state.cards.set(creative.id, { node, status: creative.status, link });
  return node;
}
