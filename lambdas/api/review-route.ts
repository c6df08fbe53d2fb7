import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { Deps } from '#core/deps.ts';
import { getAngles } from '#core/entities/angle.ts';
import { finishedCreativesOfCampaign } from '#core/entities/creative.ts';
import { AppError } from '#core/errors.ts';
import { applyReviews } from '#core/review/apply.ts';
import { checkReviewToken, type LinkCheck } from '#core/review/links.ts';
import { refusedPage, reviewPage } from '#core/review/page-html.ts';
import { REVIEW_PAGE_TEXT } from '#core/review/page-text.ts';
import { creativesWithLinks } from '#core/s3/creative-links.ts';

const MAX_FORM_BYTES = 16 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * No script runs, images come from the bucket's presigned URLs, forms post only here, and no
 * Referer leaves the page (the token is in its URL).
 */
const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

const html = (statusCode: number, body: string): APIGatewayProxyResult => ({
  statusCode,
  headers: HEADERS,
  body,
});

function refused(check: Exclude<LinkCheck, { ok: true }>): APIGatewayProxyResult {
  return html(check.why === 'invalid' ? 403 : 410, refusedPage(check.why));
}

async function render(deps: Deps, check: Extract<LinkCheck, { ok: true }>, token: string, saved: boolean) {
  const { link, campaign } = check;
  const slots = await finishedCreativesOfCampaign(deps, link.account_id, campaign.id);
  const creatives = await creativesWithLinks(deps, slots);
  const angleIds = [...new Set(creatives.flatMap((c) => (c.angle_id ? [c.angle_id] : [])))];
  const ordered = [
    ...campaign.selected_angle_ids.filter((id) => angleIds.includes(id)),
    ...angleIds.filter((id) => !campaign.selected_angle_ids.includes(id)),
  ];
  const angles = await getAngles(deps, link.account_id, ordered);
  creatives.sort(
    (a, b) => a.aspect_ratio.localeCompare(b.aspect_ratio) || a.created_at.localeCompare(b.created_at),
  );
  return html(
    200,
    reviewPage({
      token,
      campaignName: campaign.name,
      note: link.note,
      expiresAt: link.expires_at,
      saved,
      angles: [
        ...angles.map((a) => ({ id: a.id as string | null, name: a.name })),
        { id: null, name: REVIEW_PAGE_TEXT.noAngle },
      ],
      creatives,
      copy: campaign.prepared?.copy ?? [],
    }),
  );
}

/**
 * The review page: GET shows the campaign a token grants, POST records one decision from its
 * form (the same rules as review_creatives, scoped to that campaign) and redirects back to it.
 */
export async function handleReviewRequest(
  event: APIGatewayProxyEvent,
  deps: Deps,
): Promise<APIGatewayProxyResult> {
  if (event.httpMethod === 'GET') {
    const token = event.queryStringParameters?.token ?? undefined;
    const check = await checkReviewToken(deps, token);
    if (!check.ok) return refused(check);
    return render(deps, check, token as string, event.queryStringParameters?.saved === '1');
  }
  if (event.httpMethod !== 'POST') {
    return { statusCode: 405, headers: { ...HEADERS, allow: 'GET, POST' }, body: '' };
  }
  const raw = event.isBase64Encoded
    ? Buffer.from(event.body ?? '', 'base64')
    : Buffer.from(event.body ?? '', 'utf8');
  if (raw.byteLength > MAX_FORM_BYTES) return html(413, refusedPage('invalid'));
  const form = new URLSearchParams(raw.toString('utf8'));
  const token = form.get('token') ?? undefined;
  const check = await checkReviewToken(deps, token);
  if (!check.ok) return refused(check);
  const creativeId = form.get('creative_id') ?? '';
  const state = form.get('state');
  const note = (form.get('note') ?? '').trim().slice(0, 1000) || null;
  if (!UUID.test(creativeId) || (state !== 'approved' && state !== 'rejected')) {
    return html(400, refusedPage('invalid'));
  }
  try {
    await applyReviews(
      deps,
      check.link.account_id,
      [{ creativeId, state, note }],
      `review_link:${check.link.id}`,
      {
        campaignId: check.campaign.id,
      },
    );
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return html(error.status, refusedPage('invalid'));
    throw error;
  }
  return {
    statusCode: 303,
    headers: {
      ...HEADERS,
      location: `review?token=${encodeURIComponent(token as string)}&saved=1#creative-${creativeId}`,
    },
    body: '',
  };
}
