import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** apps/web/, whatever the working directory. */
export const webRoot = fileURLToPath(new URL('..', import.meta.url));
/** Where screenshots go (gitignored). */
export const resultsDir = join(webRoot, 'test-results');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** A static file server for the built app (dist/, or QI_WEB_DIST) on 127.0.0.1 and a free port. */
export async function serveDist(): Promise<{ url: string; close: () => Promise<void> }> {
  // QI_WEB_DIST serves another build folder (two people testing side by side each build into their own).
  const dist = process.env.QI_WEB_DIST ?? join(webRoot, 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`no build at ${dist}: run \`pnpm --filter @qi/web build\` first (turbo does it before e2e)`);
  }
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      let file = normalize(join(dist, path));
      if (!file.startsWith(dist + sep) && file !== dist) {
        res.writeHead(403).end();
        return;
      }
      try {
        if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
        const body = await readFile(file);
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
      } catch {
        res.writeHead(404).end('not found');
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    // Closing twice is fine (a test may stop the server itself, to go offline).
    close: () => new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** A fresh headless Chromium (the system one; browsers are never downloaded) with its own temporary profile. */
export async function launchChromium(): Promise<{ context: BrowserContext; page: Page; errors: string[]; close: () => Promise<void> }> {
  const executablePath = process.env.QI_CHROMIUM || '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: install it with \`apt-get install chromium\` (see README prerequisites)`,
    );
  }
  const profile = mkdtempSync(join(tmpdir(), 'qi-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1280, height: 860 },
    locale: 'en-US',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  const watch = (p: Page) => {
    p.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    p.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console error: ${m.text()}`);
    });
  };
  watch(page);
  context.on('page', watch);
  return {
    context,
    page,
    errors,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The screenshot path for a name, creating the results folder. */
export function screenshotPath(name: string): string {
  mkdirSync(resultsDir, { recursive: true });
  return join(resultsDir, `${name}.png`);
}

/** What a test file drives: the served build, its browser (with the errors the page reported) and the page. */
export interface AppUnderTest {
  server: Awaited<ReturnType<typeof serveDist>>;
  browser: Awaited<ReturnType<typeof launchChromium>>;
  page: Page;
}

/**
 * Serves the built app and launches Chromium before the file's tests, and stops both after them (the server is
 * closed when the browser fails to start). The returned object is filled in by then.
 */
export function appUnderTest(): AppUnderTest {
  const app = {} as AppUnderTest;
  beforeAll(async () => {
    app.server = await serveDist();
    try {
      app.browser = await launchChromium();
    } catch (e) {
      await app.server.close();
      throw e;
    }
    app.page = app.browser.page;
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.close();
  });
  return app;
}
