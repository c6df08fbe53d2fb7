// The adgen creative gallery: clients → campaigns → the campaign's creatives, grouped by angle
// and aspect ratio at their true proportions. Plain DOM, no framework; every value from the API
// goes into the page as text (textContent, attributes), never as markup.

import { ApiError, api, listAll } from './api.js';
import { renderCreatives } from './creatives.js';
import { $, el, formatDate, plural, state } from './dom.js';

const KEY_STORAGE = 'adgen.apiKey';
const POLL_MS = 2000;
// Filled in when local/gallery.ts serves this file, from lambdas/core/job-status.ts.
const FINAL_JOB_STATUSES = new Set(/* FINAL_JOB_STATUSES */ []);

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
