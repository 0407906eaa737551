import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, screenshotPath, serveDist } from './harness.js';

let server: Awaited<ReturnType<typeof serveDist>>;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;

beforeAll(async () => {
  server = await serveDist();
  try {
    browser = await launchChromium();
  } catch (e) {
    await server.close();
    throw e;
  }
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const click = (vertex: string) => page.click(`svg.board .hits rect[data-vertex="${vertex}"]`);
const stones = (color?: 'black' | 'white') => page.locator(color ? `svg.board .stone[data-stone="${color}"]` : 'svg.board .stone');
const text = (selector: string) => page.locator(selector).innerText();

type Who = 'human' | { level: number };

/** Opens the New-game dialog, picks 9x9 and the players, starts. */
async function newGame(black: Who, white: Who): Promise<void> {
  await page.click('[data-action="new-game"]');
  await page.locator('dialog.new-game').waitFor({ state: 'visible' });
  await page.click('dialog.new-game input[name="size"][value="9"]', { force: true });
  for (const [color, who] of [['black', black], ['white', white]] as const) {
    await page.click(`dialog.new-game input[name="seat-${color}"][value="${who === 'human' ? 'human' : 'qi'}"]`, { force: true });
    if (who !== 'human') await page.selectOption(`dialog.new-game select[name="level-${color}"]`, String(who.level));
  }
  await page.click('dialog.new-game [data-action="start"]');
  await page.locator('dialog.new-game').waitFor({ state: 'hidden' });
  await page.locator('svg.board[data-size="9"]').waitFor();
}

/** Starts recording main-thread long tasks (the page must stay responsive while Qi thinks). */
async function watchLongTasks(): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { qiLongTasks: number[]; qiObserver?: PerformanceObserver };
    w.qiLongTasks = [];
    w.qiObserver?.disconnect();
    w.qiObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.qiLongTasks.push(e.duration);
    });
    w.qiObserver.observe({ type: 'longtask' });
  });
}

/** The longest main-thread task since watchLongTasks (0 when none passed 50 ms). */
async function longestTask(): Promise<{ max: number; count: number }> {
  return page.evaluate(() => {
    const tasks = (window as unknown as { qiLongTasks: number[] }).qiLongTasks;
    return { max: Math.round(Math.max(0, ...tasks)), count: tasks.length };
  });
}

describe('playing Go against Qi', () => {
  it('offers Qi levels 1–10 in the New-game dialog, with the bench’s Elo exactly when it has Go', async () => {
    await page.goto(server.url);
    await page.click('[data-action="new-game"]');
    await page.click('dialog.new-game input[name="seat-white"][value="qi"]', { force: true });
    const options = await page.locator('dialog.new-game select[name="level-white"] option').allInnerTexts();
    expect(options).toHaveLength(10);
    const table = JSON.parse(readFileSync(new URL('../../../packages/ai-worker/data/levels-elo.json', import.meta.url), 'utf8')) as {
      games: Record<string, { levels: { level: number; elo: number }[] }>;
    };
    const go = table.games.go;
    if (go === undefined) {
      expect(options).toEqual(Array.from({ length: 10 }, (_, i) => `Level ${i + 1}`));
      expect(await text('[data-elo-note]')).toContain('once the levels have been calibrated');
    } else {
      for (const row of go.levels) expect(options[row.level - 1]).toContain(`${row.elo}`);
      expect(options.every((o) => !o.includes('NaN'))).toBe(true);
    }
    console.log(`level options: ${options.join(' | ')}`);
    await page.screenshot({ path: screenshotPath('ai-new-game-dialog') });
    await page.keyboard.press('Escape');
    await page.locator('dialog.new-game').waitFor({ state: 'hidden' });
  });

  it('human vs Qi level 1 on 9x9: Qi answers with a legal move in seconds, undo takes back to the human', async () => {
    await page.goto(server.url);
    await newGame('human', { level: 1 });
    expect(await page.locator('[data-player="white"]').innerText()).toContain('Qi level 1');
    await watchLongTasks();
    const t0 = Date.now();
    await click('E5');
    await stones('white').first().waitFor({ timeout: 15_000 });
    const answerMs = Date.now() - t0;
    await expect.poll(() => text('[data-status]')).toContain('Black to move');
    expect(await stones().count()).toBe(2);
    expect(await text('[data-move-number]')).toBe('Move 2');
    const white = await stones('white').first().getAttribute('data-vertex');
    expect(white).toMatch(/^[A-HJ][1-9]$/);
    expect(white).not.toBe('E5');
    expect(await page.locator('[data-thinking]').count()).toBe(0);
    // Level 1's 30 playouts are no estimate of the game: the readout waits for a real one.
    expect(await page.locator('[data-winrate-value]').count()).toBe(0);
    const tasks = await longestTask();
    console.log(`level 1 answer on screen after ${answerMs} ms (click to stone); longest main-thread task ${tasks.max} ms (${tasks.count} over 50 ms)`);
    expect(answerMs).toBeLessThan(8000);
    expect(tasks.max).toBeLessThan(200);
    await page.screenshot({ path: screenshotPath('ai-human-vs-qi-level1') });

    await click('C3');
    await stones('white').nth(1).waitFor({ timeout: 15_000 });
    expect(await stones().count()).toBe(4);

    await page.click('[data-action="undo"]');
    await expect.poll(() => stones().count()).toBe(2);
    expect(await text('[data-status]')).toContain('Black to move');
    await page.click('[data-action="undo"]');
    await expect.poll(() => stones().count()).toBe(0);
    expect(await text('[data-move-number]')).toBe('No moves yet');
    expect(await text('[data-status]')).toContain('Black to move');
    expect(browser.errors).toEqual([]);
  });

  it('stops a level-10 search at once on undo; the page stays responsive; a hint then marks a point', async () => {
    await page.goto(server.url);
    await newGame('human', { level: 10 });
    await watchLongTasks();
    await click('E5');
    await page.locator('[data-thinking] [data-progress]').waitFor({ timeout: 10_000 });
    expect(await page.locator('[data-player="white"] .dots').count()).toBe(1);
    expect(await text('[data-winrate-value]')).toMatch(/^\d+(\.\d)?% \(move 1\)$/);
    // On Qi's turn the board takes no stone from the person: a click is answered with a word.
    await click('C3');
    expect(await text('[data-qi-wait]')).toBe('Qi is thinking: wait for its move, or press Undo.');
    expect(await stones().count()).toBe(1);
    expect(await page.locator('[data-action="pass"]').isDisabled()).toBe(true);
    await page.screenshot({ path: screenshotPath('ai-qi-level10-thinking') });
    // (The screenshot may outlast the 3 s search on a loaded machine, so the timed stop is a fresh search.)
    await page.click('[data-action="undo"]');
    await expect.poll(() => stones().count()).toBe(0);
    // (A screenshot is itself a long task of the page: the watch restarts after it.)
    await watchLongTasks();
    await click('E5');
    await page.locator('[data-thinking] [data-progress]').waitFor({ timeout: 10_000 });
    await page.waitForTimeout(1000); // a second of search with progress reports arriving
    // Measured inside the page: from the click on Undo to the board handed back to Black with no search shown,
    // and to the worker's answer to the stop (the stopped search's end arriving back in the page).
    const { controlMs, stopMs } = await page.evaluate(
      () =>
        new Promise<{ controlMs: number; stopMs: number }>((resolve, reject) => {
          const ai = document.querySelector('[data-ai]') as HTMLElement;
          const before = ai.dataset.stopMs;
          const t0 = performance.now();
          let controlMs = -1;
          (document.querySelector('[data-action="undo"]') as HTMLButtonElement).click();
          const check = () => {
            const status = document.querySelector('[data-status]')?.textContent ?? '';
            if (controlMs < 0 && !document.querySelector('[data-thinking]') && status.includes('Black to move')) controlMs = performance.now() - t0;
            if (controlMs >= 0 && ai.dataset.stopMs !== before) resolve({ controlMs, stopMs: Number(ai.dataset.stopMs) });
            else if (performance.now() - t0 > 10_000) reject(new Error(`no stop within 10 s (control back: ${controlMs} ms)`));
            else requestAnimationFrame(check);
          };
          check();
        }),
    );
    expect(await stones().count()).toBe(0);
    const tasks = await longestTask();
    console.log(`level-10 stop: control back in ${controlMs.toFixed(1)} ms, worker search ended ${stopMs.toFixed(1)} ms after the stop request (issue target 100 ms); longest main-thread task ${tasks.max} ms`);
    expect(controlMs).toBeLessThan(500);
    expect(stopMs).toBeLessThan(500);
    expect(tasks.max).toBeLessThan(200);
    // The late answer of the stopped search is never played.
    await page.waitForTimeout(500);
    expect(await stones().count()).toBe(0);

    // Hint: the worker is free again (a hint takes about a second), the point is marked and described.
    const h0 = Date.now();
    await page.click('[data-action="hint"]');
    await page.locator('svg.board .hint[data-hint]').waitFor({ timeout: 10_000 });
    const hintMs = Date.now() - h0;
    const hinted = await page.locator('svg.board .hint').getAttribute('data-hint');
    expect(await text('[data-hint-text]')).toBe(`Qi suggests ${hinted}.`);
    expect(await text('[data-winrate-value]')).toMatch(/\(move 0\)$/);
    console.log(`hint ${hinted} shown after ${hintMs} ms`);
    expect(hintMs).toBeLessThan(4000);
    await page.screenshot({ path: screenshotPath('ai-hint') });
    // Playing the hint clears the mark (and Qi answers it).
    await click(hinted!);
    await expect.poll(() => page.locator('svg.board .hint').count()).toBe(0);
    await page.click('[data-action="undo"]');
    await expect.poll(() => stones().count()).toBe(0);
    expect(browser.errors).toEqual([]);
  });

  it('Qi vs Qi at level 1 plays by itself, pauses and resumes; a new game stops it', async () => {
    await page.goto(server.url);
    await watchLongTasks();
    await newGame({ level: 1 }, { level: 1 });
    await expect.poll(() => stones().count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(6);
    await page.click('[data-action="pause"]');
    await page.locator('[data-paused]').waitFor();
    const moves = await text('[data-move-number]');
    await page.waitForTimeout(1200);
    expect(await text('[data-move-number]')).toBe(moves);
    const before = await longestTask();
    await page.screenshot({ path: screenshotPath('ai-qi-vs-qi-paused') });
    await watchLongTasks(); // (a screenshot is itself a long task of the page)
    await page.click('[data-action="resume"]');
    await expect.poll(() => text('[data-move-number]'), { timeout: 15_000 }).not.toBe(moves);
    const after = await longestTask();
    console.log(`Qi vs Qi: ${moves} when paused; longest main-thread task ${before.max} ms before the pause, ${after.max} ms after resuming`);
    expect(before.max).toBeLessThan(200);
    expect(after.max).toBeLessThan(200);
    await newGame('human', 'human');
    await page.waitForTimeout(1000);
    expect(await stones().count()).toBe(0);
    expect(await text('[data-status]')).toContain('Black to move');
    expect(browser.errors).toEqual([]);
  });

  it('speaks Chinese in the AI parts and keeps the seats over a reload', async () => {
    await page.goto(server.url);
    await newGame('human', { level: 2 });
    await page.click('[data-action="language"]');
    expect(await text('[data-action="hint"]')).toBe('提示');
    expect(await page.locator('[data-player="white"]').innerText()).toContain('Qi 2 级');
    await page.click('[data-action="new-game"]');
    expect(await page.locator('dialog.new-game select[name="level-white"] option').first().innerText()).toMatch(/^1 级/);
    await page.keyboard.press('Escape');
    await page.reload();
    await page.locator('svg.board[data-size="9"]').waitFor();
    await click('E5');
    await stones('white').first().waitFor({ timeout: 15_000 });
    expect((await text('[data-status]')).trim()).toBe('轮到黑方');
    await page.screenshot({ path: screenshotPath('ai-human-vs-qi-zh') });
    await page.click('[data-action="language"]');
    expect(browser.errors).toEqual([]);
  });
});
