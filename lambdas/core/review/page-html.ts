import type { Creative } from '../entities/creative.ts';
import type { CopyVariant } from '../text/types.ts';
import { REVIEW_PAGE_TEXT as T } from './page-text.ts';

const esc = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * Plain HTML and CSS, no script: forms post decisions, so the page works with a keyboard, a
 * screen reader and a phone alike. Colours keep text at 7:1 or more on white, buttons at 4.5:1+.
 */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff}
main{max-width:72rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0}
h2{font-size:1.25rem;margin:2rem 0 .5rem;border-bottom:2px solid #1a1a1a}
h3{font-size:1rem;margin:1rem 0 .5rem}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:1rem}
.card{border:1px solid #595959;border-radius:.5rem;padding:.75rem;display:flex;flex-direction:column;gap:.5rem}
.card img{width:100%;height:auto;border-radius:.25rem;background:#eee}
.state{font-weight:700}
.state-approved{color:#0b5d1e}.state-rejected{color:#a1121b}.state-unreviewed{color:#3d3d3d}
details{font-size:.9rem}
dl{margin:.25rem 0}dt{font-weight:700}dd{margin:0 0 .25rem}
label{display:block;font-weight:700}
textarea{width:100%;min-height:3.5rem;font:inherit;padding:.5rem;border:1px solid #595959;border-radius:.25rem}
.actions{display:flex;gap:.5rem;flex-wrap:wrap}
button{font:inherit;font-weight:700;min-height:2.75rem;padding:.5rem 1rem;border:0;border-radius:.375rem;color:#fff;cursor:pointer}
button.approve{background:#0b5d1e}button.reject{background:#a1121b}
:focus-visible{outline:3px solid #1f4fd1;outline-offset:2px}
.notice{padding:.75rem;border-left:4px solid #1f4fd1;background:#eef2fd}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export function refusedPage(why: keyof typeof T.refused): string {
  const text = T.refused[why];
  return page(text.title, `<h1>${esc(text.title)}</h1><p>${esc(text.body)}</p>`);
}

export type ReviewPageInput = {
  token: string;
  campaignName: string;
  note: string | null;
  expiresAt: string;
  saved: boolean;
  angles: { id: string | null; name: string }[];
  creatives: Creative[];
  copy: CopyVariant[];
};

/** Alt text from the creative's own copy: what the ad says, since the picture is the ad. */
function altOf(copy: CopyVariant | undefined, ratio: string): string {
  return copy ? `${copy.headline}. ${copy.primary_text} (${ratio})` : `Ad creative, ${ratio}`;
}

function card(input: ReviewPageInput, c: Creative): string {
  const variants = input.copy.filter((v) => v.angle_id === c.angle_id);
  const state = c.review.state;
  const copyBlocks = variants
    .map(
      (v) => `<details><summary>${esc(T.copyFor(v.platform))}</summary><dl>
<dt>${T.headline}</dt><dd>${esc(v.headline)}</dd>
<dt>${T.primaryText}</dt><dd>${esc(v.primary_text)}</dd>
<dt>${T.description}</dt><dd>${esc(v.description)}</dd>
<dt>${T.cta}</dt><dd>${esc(v.cta)}</dd></dl></details>`,
    )
    .join('');
  const noteId = `note-${c.id}`;
  return `<article class="card" id="creative-${c.id}" aria-labelledby="state-${c.id}">
<img src="${esc(c.image_url ?? '')}" width="${c.width ?? ''}" height="${c.height ?? ''}" alt="${esc(altOf(variants[0], c.aspect_ratio))}">
<p class="state state-${state}" id="state-${c.id}">${esc(T.state[state])}${c.review.note ? `: ${esc(c.review.note)}` : ''}</p>
${copyBlocks}
<form method="post" action="review">
<input type="hidden" name="token" value="${esc(input.token)}">
<input type="hidden" name="creative_id" value="${esc(c.id)}">
<label for="${noteId}">${T.note}</label>
<textarea id="${noteId}" name="note" maxlength="1000">${esc(c.review.note ?? '')}</textarea>
<div class="actions"><button class="approve" name="state" value="approved">${T.approve}</button>
<button class="reject" name="state" value="rejected">${T.reject}</button></div>
</form></article>`;
}

/** The campaign's creatives by angle, then ratio, each with its copy per platform and its decision form. */
export function reviewPage(input: ReviewPageInput): string {
  const counts = { approved: 0, rejected: 0, unreviewed: 0 };
  for (const c of input.creatives) counts[c.review.state]++;
  const sections = input.angles
    .map((angle) => {
      const ofAngle = input.creatives.filter((c) => c.angle_id === angle.id);
      if (ofAngle.length === 0) return '';
      const ratios = [...new Set(ofAngle.map((c) => c.aspect_ratio))];
      return `<section><h2>${esc(angle.name)}</h2>${ratios
        .map(
          (ratio) =>
            `<h3>${esc(ratio)}</h3><div class="grid">${ofAngle
              .filter((c) => c.aspect_ratio === ratio)
              .map((c) => card(input, c))
              .join('')}</div>`,
        )
        .join('')}</section>`;
    })
    .join('');
  const body = `<h1>${esc(T.title(input.campaignName))}</h1>
${input.saved ? `<p class="notice" role="status">${T.saved}</p>` : ''}
${input.note ? `<p class="notice">${esc(input.note)}</p>` : ''}
<p>${T.intro}</p>
<p id="counts">${esc(T.counts(counts.approved, counts.rejected, counts.unreviewed))}</p>
<p>${esc(T.expiresAt(input.expiresAt.replace('T', ' ').slice(0, 16)))}</p>
${input.creatives.length === 0 ? `<p>${T.noCreatives}</p>` : sections}`;
  return page(T.title(input.campaignName), body);
}
