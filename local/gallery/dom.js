// The gallery's shared page state and DOM helpers (gallery.js, creatives.js).

export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

export const state = {
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

/** `el('a', { className: 'x', href }, 'text', child)`: an element with properties and children. */
export function el(tag, props = {}, ...children) {
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

export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

export function formatDate(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function ratioValue(ratio) {
  const [w, h] = String(ratio).split(':').map(Number);
  return w > 0 && h > 0 ? { w, h } : { w: 1, h: 1 };
}
