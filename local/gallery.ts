import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FINAL_JOB_STATUSES } from '#core/job-status.ts';
import type { GetRoute } from './api-server.ts';

/**
 * The creative gallery of the local stack (`GET /gallery`): a static page (local/gallery/) that
 * calls the API from the browser with the caller's key. Nothing is rendered on the server.
 */

const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' http: https: data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  // Presigned image URLs and the key never leave in a Referer.
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
} as const;

const FILES = {
  '/gallery': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/gallery/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/gallery/gallery.js': { file: 'gallery.js', type: 'text/javascript; charset=utf-8' },
  '/gallery/api.js': { file: 'api.js', type: 'text/javascript; charset=utf-8' },
  '/gallery/dom.js': { file: 'dom.js', type: 'text/javascript; charset=utf-8' },
  '/gallery/creatives.js': { file: 'creatives.js', type: 'text/javascript; charset=utf-8' },
  '/gallery/gallery.css': { file: 'gallery.css', type: 'text/css; charset=utf-8' },
} as const;

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether a request comes from this machine to this machine by a loopback name. The host check
 * refuses DNS rebinding: a page of another site whose name resolves to 127.0.0.1 sends its own
 * host name, so it cannot read the key although its requests come from the loopback address.
 */
export function isLocalRequest(req: IncomingMessage): boolean {
  if (!LOOPBACK_ADDRESSES.has(req.socket.remoteAddress ?? '')) return false;
  const host = req.headers.host;
  if (!host) return false;
  try {
    return LOOPBACK_HOSTS.has(new URL(`http://${host}`).hostname);
  } catch {
    return false;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/**
 * The gallery's GET routes: the page, its script modules and style sheet, and `/gallery/config.json`,
 * which hands the local stack's API key to a page loaded from this machine (and `null` to anyone
 * else, who then types a key into the page).
 */
export function galleryRoutes(options: { apiKey: string }): Record<string, GetRoute> {
  const routes: Record<string, GetRoute> = {};
  for (const [path, { file, type }] of Object.entries(FILES)) {
    routes[path] = async (_req, res) => {
      const raw = await readFile(new URL(`./gallery/${file}`, import.meta.url));
      // The script gets the job statuses from their one source instead of a copy of its own.
      const body =
        file === 'gallery.js'
          ? raw.toString('utf8').replace('/* FINAL_JOB_STATUSES */ []', JSON.stringify(FINAL_JOB_STATUSES))
          : raw;
      res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': type });
      res.end(body);
    };
  }
  routes['/gallery/config.json'] = (req, res) => {
    sendJson(res, 200, { apiKey: isLocalRequest(req) ? options.apiKey : null });
  };
  return routes;
}
