// The adgen creative gallery: clients → campaigns → the campaign's creatives, grouped by angle
// and aspect ratio at their true proportions. Plain DOM, no framework; every value from the API
// goes into the page as text (textContent, attributes), never as markup.

const KEY_STORAGE = 'adgen.apiKey';
const POLL_MS = 2000;
const PAGE_LIMIT = 100;
const MAX_PAGES = 50;
// Filled in when local/gallery.ts serves this file, from lambdas/core/job-status.ts.
const FINAL_JOB_STATUSES = new Set(/* FINAL_JOB_STATUSES */ []);

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const state = {
  key: '',
  clients: [],
  campaignsByClient: new Map(),
  /** Bumped on every navigation, so that answers for a view left behind are dropped. */
  view: 0,
  pollTimer: 0,
  /** The campaign view's data. */
  campaign: null,
  angles: new Map(),
  cards: new Map(),
  activeJobs: new Set(),
};

class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** One call of the API: POST / with the action and the key. */
async function api(action, fields = {}) {
  const res = await fetch('/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': state.key },
    body: JSON.stringify({ action, ...fields }),
  });
  let body = null;
  try {
    body = await res.json();
  } catch {
    // an empty or non-JSON answer: reported by status below
  }
  if (!res.ok) {
    const error = body?.error;
    throw new ApiError(res.status, error?.code ?? 'http_error', error?.message ?? `HTTP ${res.status}`);
  }
  return body;
}

/** Every page of a list action. */
async function listAll(action, field, fields = {}) {
  const items = [];
  let next_token;
  for (let page = 0; page < MAX_PAGES; page++) {
    const body = await api(action, { ...fields, limit: PAGE_LIMIT, ...(next_token ? { next_token } : {}) });
    items.push(...body[field]);
    next_token = body.next_token;
    if (!next_token) break;
  }
  return items;
}

/** `el('a', { className: 'x', href }, 'text', child)`: an element with properties and children. */
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'dataset') Object.assign(node.dataset, value);
    else if (name in node && name !== 'download') node[name] = value;
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

function formatDate(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function ratioValue(ratio) {
  const [w, h] = String(ratio).split(':').map(Number);
  return w > 0 && h > 0 ? { w, h } : { w: 1, h: 1 };
}

/** What the spec's job count rule orders for a campaign (credits it reserves). */
function jobsOf(campaign) {
  const ratios = campaign.aspect_ratio.split(',').length;
  const combinations = Math.max(1, campaign.selected_angle_ids.length) * ratios;
  return combinations * Math.max(1, Math.floor(campaign.volume / combinations));
}

// --- notices ---------------------------------------------------------------------------------

function showNotice(message) {
  const notice = $('notice');
  notice.textContent = message;
  notice.hidden = !message;
}

function reportError(error) {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    askForKey('The API key was refused. Enter another one.');
    return;
  }
  showNotice(error instanceof Error ? error.message : String(error));
}

// --- the key ---------------------------------------------------------------------------------

function askForKey(message = '') {
  stopPolling();
  sessionStorage.removeItem(KEY_STORAGE);
  state.key = '';
  $('app').hidden = true;
  $('change-key').hidden = true;
  $('credits').hidden = true;
  $('key-panel').hidden = false;
  $('key-error').textContent = message;
  $('key-input').focus();
}

async function localKey() {
  try {
    const res = await fetch('/gallery/config.json', { cache: 'no-store' });
    if (!res.ok) return '';
    const body = await res.json();
    return typeof body.apiKey === 'string' ? body.apiKey : '';
  } catch {
    return '';
  }
}

/** Uses a key: checks it with list_clients and opens the gallery, or asks again. */
async function connect(key) {
  state.key = key;
  try {
    state.clients = await listAll('list_clients', 'clients');
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      askForKey('The API key was refused. Check it and try again.');
    } else {
      askForKey(error instanceof Error ? error.message : String(error));
    }
    return;
  }
  sessionStorage.setItem(KEY_STORAGE, key);
  $('key-panel').hidden = true;
  $('app').hidden = false;
  $('change-key').hidden = false;
  refreshCredits();
  await route();
}

async function refreshCredits() {
  try {
    const { credits } = await api('get_credits');
    const node = $('credits');
    node.replaceChildren(el('strong', {}, credits.available.toLocaleString()), ' credits available');
    node.hidden = false;
  } catch {
    $('credits').hidden = true;
  }
}

// --- navigation ------------------------------------------------------------------------------

function parseHash() {
  const parts = location.hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  return {
    clientId: parts[0] === 'client' ? parts[1] : undefined,
    campaignId: parts[2] === 'campaign' ? parts[3] : undefined,
  };
}

const clientHref = (clientId) => `#/client/${encodeURIComponent(clientId)}`;
const campaignHref = (clientId, campaignId) =>
  `${clientHref(clientId)}/campaign/${encodeURIComponent(campaignId)}`;

async function route() {
  if (!state.key) return;
  stopPolling();
  showNotice('');
  state.campaign = null;
  const view = ++state.view;
  const { clientId, campaignId } = parseHash();
  let campaigns = [];
  try {
    // Read again on every navigation: clients made elsewhere (the CLI) show up.
    const clients = await listAll('list_clients', 'clients');
    if (view !== state.view) return;
    state.clients = clients;
  } catch (error) {
    if (view === state.view) reportError(error);
    return;
  }
  if (clientId) {
    try {
      campaigns = await listAll('list_campaigns', 'campaigns', { client_id: clientId });
      state.campaignsByClient.set(clientId, campaigns);
    } catch (error) {
      if (view === state.view) reportError(error);
      return;
    }
  }
  if (view !== state.view) return;
  renderSidebar(clientId, campaignId);
  const client = state.clients.find((c) => c.id === clientId);
  const campaign = campaigns.find((c) => c.id === campaignId);
  if (campaign && client) await openCampaign(view, client, campaign);
  else if (client) renderCampaignList(client, campaigns);
  else renderWelcome();
}

function renderSidebar(clientId, campaignId) {
  const list = $('clients');
  if (state.clients.length === 0) {
    list.replaceChildren(el('li', { className: 'nav-empty' }, 'No clients yet'));
    return;
  }
  list.replaceChildren(
    ...state.clients.map((client) => {
      const selected = client.id === clientId;
      const item = el(
        'li',
        {},
        el(
          'a',
          {
            className: `nav-link${selected && !campaignId ? ' current' : ''}`,
            href: clientHref(client.id),
            'aria-current': selected && !campaignId ? 'page' : undefined,
          },
          client.name,
        ),
      );
      if (selected) {
        const campaigns = state.campaignsByClient.get(client.id) ?? [];
        item.append(
          el(
            'ul',
            { className: 'nav-sub' },
            campaigns.length === 0
              ? el('li', { className: 'nav-empty' }, 'No campaigns')
              : campaigns.map((campaign) =>
                  el(
                    'li',
                    {},
                    el(
                      'a',
                      {
                        className: `nav-link${campaign.id === campaignId ? ' current' : ''}`,
                        href: campaignHref(client.id, campaign.id),
                        'aria-current': campaign.id === campaignId ? 'page' : undefined,
                      },
                      campaign.name,
                    ),
                  ),
                ),
          ),
        );
      }
      return item;
    }),
  );
}

function renderWelcome() {
  $('view').replaceChildren(
    el(
      'div',
      { className: 'empty' },
      el('h1', {}, state.clients.length ? 'Pick a client' : 'No clients yet'),
      el(
        'p',
        { className: 'muted' },
        state.clients.length
          ? 'Choose a client on the left to see its campaigns and their creatives.'
          : 'Create one with the CLI (npx adgen clients create "Acme") or the create_client action.',
      ),
    ),
  );
}

function renderCampaignList(client, campaigns) {
  $('view').replaceChildren(
    el('p', { className: 'eyebrow' }, 'Client'),
    el('h1', {}, client.name),
    campaigns.length === 0
      ? el(
          'p',
          { className: 'muted' },
          'No campaigns yet. Create one with npx adgen campaigns create or the create_campaign action.',
        )
      : el(
          'ul',
          { className: 'campaign-list' },
          campaigns.map((campaign) =>
            el(
              'li',
              {},
              el(
                'a',
                { className: 'campaign-card', href: campaignHref(client.id, campaign.id) },
                el('span', { className: 'campaign-name' }, campaign.name),
                el(
                  'span',
                  { className: 'muted' },
                  `${campaign.aspect_ratio.split(',').join(' · ')} · volume ${campaign.volume}`,
                ),
                el('span', { className: 'muted small' }, `Created ${formatDate(campaign.created_at)}`),
              ),
            ),
          ),
        ),
  );
}

// --- the campaign view -----------------------------------------------------------------------

async function openCampaign(view, client, campaign) {
  state.campaign = campaign;
  state.cards = new Map();
  state.activeJobs = new Set();
  const generate = el(
    'button',
    { type: 'button', className: 'button primary', id: 'generate' },
    `Generate · ${plural(jobsOf(campaign), 'credit')}`,
  );
  generate.addEventListener('click', () => startGeneration(view, generate));
  const meta = [
    campaign.aspect_ratio.split(',').join(' · '),
    `volume ${campaign.volume}`,
    campaign.offer_text,
    campaign.cta_text,
  ].filter(Boolean);
  $('view').replaceChildren(
    el(
      'header',
      { className: 'campaign-head' },
      el(
        'div',
        {},
        el('p', { className: 'eyebrow' }, client.name),
        el('h1', {}, campaign.name),
        el('p', { className: 'muted' }, meta.join(' · ')),
      ),
      el('div', { className: 'actions' }, generate),
    ),
    el(
      'div',
      { className: 'status-bar', id: 'status-bar' },
      el('span', { className: 'chip chip-succeeded', id: 'count-succeeded' }),
      el('span', { className: 'chip chip-pending', id: 'count-pending' }),
      el('span', { className: 'chip chip-failed', id: 'count-failed' }),
      el('span', { className: 'live', id: 'live' }),
    ),
    el('ul', { className: 'failures', id: 'failures', hidden: true }),
    el('div', { id: 'groups', className: 'groups' }),
  );
  try {
    const angles = await listAll('list_angles', 'angles', { client_id: client.id });
    if (view !== state.view) return;
    state.angles = new Map(angles.map((angle) => [angle.id, angle]));
  } catch {
    state.angles = new Map();
  }
  await refresh(view);
}

async function startGeneration(view, button) {
  button.disabled = true;
  showNotice('');
  try {
    const job = await api('generate_creatives', { campaign_id: state.campaign.id });
    if (view !== state.view) return;
    state.activeJobs.add(job.job_id);
    refreshCredits();
    await refresh(view);
  } catch (error) {
    if (view === state.view) reportError(error);
  } finally {
    button.disabled = false;
  }
}

function stopPolling() {
  clearTimeout(state.pollTimer);
  state.pollTimer = 0;
}

/** Reads the campaign's creatives (and any job started here) and polls again while work is open. */
async function refresh(view) {
  stopPolling();
  let creatives;
  try {
    creatives = await listAll('list_creatives', 'creatives', {
      campaign_id: state.campaign.id,
      status: 'all',
    });
    for (const jobId of [...state.activeJobs]) {
      const { job } = await api('get_job', { job_id: jobId });
      if (FINAL_JOB_STATUSES.has(job.status)) state.activeJobs.delete(jobId);
    }
  } catch (error) {
    if (view !== state.view) return;
    reportError(error);
    if (state.key) state.pollTimer = setTimeout(() => refresh(view), POLL_MS * 2);
    return;
  }
  if (view !== state.view) return;
  const open = creatives.some((c) => c.status === 'pending' || c.status === 'running');
  renderCreatives(creatives, open || state.activeJobs.size > 0);
  if (open || state.activeJobs.size > 0) {
    state.pollTimer = setTimeout(() => refresh(view), POLL_MS);
  } else if (state.cards.size > 0) {
    refreshCredits();
  }
}

function angleLabel(angleId) {
  if (!angleId) return { name: 'No angle', detail: 'general creatives' };
  const angle = state.angles.get(angleId);
  return angle
    ? { name: angle.name, detail: angle.awareness_level.replaceAll('_', ' ') }
    : { name: 'Angle', detail: angleId.slice(0, 8) };
}

function renderCreatives(creatives, live) {
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

// --- start -----------------------------------------------------------------------------------

$('key-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const key = /** @type {HTMLInputElement} */ ($('key-input')).value.trim();
  if (key) connect(key);
});
$('change-key').addEventListener('click', () => askForKey());
window.addEventListener('hashchange', () => route());
// Presigned URLs expire: coming back to the tab reads the campaign again.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible' && state.campaign && !state.pollTimer && state.key) {
    refresh(state.view);
  }
});

const stored = sessionStorage.getItem(KEY_STORAGE) ?? '';
const key = stored || (await localKey());
if (key) await connect(key);
else askForKey();
