/**
 * The HTTP side: the built web app as static files (index.html for `/`, MIME types, no way out of its folder),
 * `GET /health`, and the WebSocket upgrade at `/ws` (anything else is refused).
 */
import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.sgf': 'application/x-go-sgf',
};

/** The MIME type of a file name (application/octet-stream when unknown). */
export function mimeType(name: string): string {
  return MIME[extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/** The file under `root` that a URL path names, or null (outside the root, unreadable, a bad escape). */
export function staticFile(root: string, urlPath: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  const base = resolve(root);
  const file = resolve(base, '.' + (path.endsWith('/') ? path + 'index.html' : path));
  if (file !== base && !file.startsWith(base + sep)) return null;
  try {
    const st = statSync(file);
    if (st.isDirectory()) {
      const index = join(file, 'index.html');
      return statSync(index).isFile() ? index : null;
    }
    return st.isFile() ? file : null;
  } catch {
    return null;
  }
}

/** An HTTP handler serving `webDir` (null: no web app) and /health (its body from `health()`). */
export function httpHandler(webDir: string | null, health: () => object): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const text = (status: number, body: string): void => {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return text(405, 'only GET and HEAD\n');
    if (url.pathname === '/health') {
      const body = JSON.stringify({ ok: true, ...health() });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) });
      return res.end(req.method === 'HEAD' ? undefined : body);
    }
    if (url.pathname === '/ws') return text(426, 'the WebSocket endpoint: connect with a WebSocket\n');
    if (webDir === null) return text(404, 'this server has no web app\n');
    const file = staticFile(webDir, url.pathname);
    if (file === null) return text(404, url.pathname === '/' ? `the web app is not built (no index.html in ${webDir})\n` : 'not found\n');
    const size = statSync(file).size;
    const headers: Record<string, string | number> = { 'content-type': mimeType(file), 'content-length': size };
    // Vite's hashed assets never change; everything else is checked each time.
    headers['cache-control'] = file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).on('error', () => res.destroy()).pipe(res);
  };
}
