import { describe, expect, it } from 'vitest';
import { appUnderTest, screenshotPath } from './harness.js';
import { cell, home, seatQi, startGame } from './app.js';

const app = appUnderTest();

describe('the installable app', () => {
  it('has a web app manifest and, after one visit, plays against Qi with the server gone', async () => {
    const url = app.server.url;
    await home(app.page, url);
    const manifest = await app.page.evaluate(async () => {
      const link = document.querySelector('link[rel="manifest"]') as HTMLLinkElement | null;
      return link ? ((await (await fetch(link.href)).json()) as { name: string; icons: { sizes: string }[]; display: string }) : null;
    });
    expect(manifest?.display).toBe('standalone');
    expect(manifest?.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    // The service worker takes control once it has cached the build (the AI worker included).
    await app.page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, undefined, { timeout: 30_000 });
    const cached = await app.page.evaluate(async () => {
      const names = await caches.keys();
      let n = 0;
      let worker = false;
      for (const name of names) {
        for (const req of await (await caches.open(name)).keys()) {
          n++;
          if (/bot\.worker-.*\.js/.test(req.url)) worker = true;
        }
      }
      return { n, worker };
    });
    console.log(`service worker controls the page; ${cached.n} files cached, the AI worker among them: ${cached.worker}`);
    expect(cached.worker).toBe(true);

    // Offline: the test's HTTP server stops; the reload comes from the cache, and Qi still answers.
    await app.server.close();
    await app.page.reload();
    await app.page.locator('.app[data-ready="true"]').waitFor();
    if (await app.page.locator('main.play').count()) await app.page.click('header .brand');
    await startGame(app.page, 'go', async (sel) => {
      await app.page.selectOption(sel('size'), '9');
      await app.page.selectOption(sel('handicap'), '0');
      await seatQi(app.page, sel, 1, 1);
    });
    await app.page.click(cell('E5'));
    await app.page.locator('svg.board .piece[data-piece="white"]').first().waitFor({ timeout: 20_000 });
    await app.page.screenshot({ path: screenshotPath('offline-go-vs-qi') });
    expect(await app.page.locator('svg.board .piece').count()).toBe(2);
    // Only the fetches to the stopped server may fail (the service worker's update check).
    expect(app.browser.errors.filter((e) => !/Failed to fetch|ERR_CONNECTION_REFUSED|net::/.test(e))).toEqual([]);
  });
});
