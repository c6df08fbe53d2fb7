// The gallery's calls of the API (POST / with the caller's key).

import { state } from './dom.js';

const PAGE_LIMIT = 100;
const MAX_PAGES = 50;

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** One call of the API: POST / with the action and the key. */
export async function api(action, fields = {}) {
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
export async function listAll(action, field, fields = {}) {
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
