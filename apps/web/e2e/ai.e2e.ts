import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appUnderTest, screenshotPath } from './harness.js';
import { cell, home, seatQi, startGame } from './app.js';

const app = appUnderTest();

const click = (vertex: string) => app.page.click(cell(vertex));
const stones = (color?: 'black' | 'white') => app.page.locator(color ? `svg.board .piece[data-piece="${color}"]` : 'svg.board .piece');
const text = (selector: string) => app.page.locator(selector).first().innerText();

type Who = 'human' | { level: number };

/** Starts a 9x9 Go game from the home screen with these players. */
async function newGame(black: Who, white: Who): Promise<void> {
  await startGame(app.page, 'go', async (sel) => {
    await app.page.selectOption(sel('size'), '9');
    for (const [p, who] of [[0, black], [1, white]] as const) if (who !== 'human') await seatQi(app.page, sel, p, who.level);
  });
  await app.page.locator('svg.board[data-cells="81"]').waitFor();
}

/** Starts recording main-thread long tasks (the page must stay responsive while Qi thinks). */
async function watchLongTasks(): Promise<void> {
  await app.page.evaluate(() => {
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
  return app.page.evaluate(() => {
    const tasks = (window as unknown as { qiLongTasks: number[] }).qiLongTasks;
    return { max: Math.round(Math.max(0, ...tasks)), count: tasks.length };
  });
}

describe('playing Go against Qi', () => {
  it('offers Qi levels 1–10 in the new-game form, with the bench’s Elo exactly for the settings it was calibrated on', async () => {
    await home(app.page, app.server.url);
    await app.page.click('[data-action="new-go"]');
    const form = 'form.new-game[data-game="go"]';
    await app.page.click(`${form} [name="seat-1"][value="qi"]`, { force: true });
    const table = JSON.parse(readFileSync(new URL('../../../packages/ai-worker/data/levels-elo.json', import.meta.url), 'utf8')) as {
      games: Record<string, { label: string; levels: { level: number; elo: number }[] }>;
    };
    const go = table.games.go;
    const options = async () => app.page.locator(`${form} select[name="level-1"] option`).allInnerTexts();
    // 19x19 (the default) was not calibrated: plain levels and a note naming what was.
    expect(await options()).toEqual(Array.from({ length: 10 }, (_, i) => `Level ${i + 1}`));
    if (go !== undefined) expect(await text('[data-elo-note]')).toContain(go.label);
    await app.page.selectOption(`${form} [name="size"]`, '9');
    const nine = await options();
    expect(nine).toHaveLength(10);
    if (go === undefined || go.label !== 'go 9x9 komi 7.5 area scoring') {
      expect(nine).toEqual(Array.from({ length: 10 }, (_, i) => `Level ${i + 1}`));
    } else {
      for (const row of go.levels) expect(nine[row.level - 1]).toContain(`${Math.round(row.elo)}`);
      expect(nine.every((o) => !o.includes('NaN'))).toBe(true);
    }
    console.log(`level options on 9x9: ${nine.join(' | ')}`);
    await app.page.screenshot({ path: screenshotPath('ai-new-game-form') });
  });

  it('human vs Qi level 1 on 9x9: Qi answers with a legal move in seconds, undo takes back to the human', async () => {
    await home(app.page, app.server.url);
    await newGame('human', { level: 1 });
    expect(await app.page.locator('[data-seat-row="1"]').innerText()).toContain('Qi level 1');
    await watchLongTasks();
    const t0 = Date.now();
    await click('E5');
    await stones('white').first().waitFor({ timeout: 15_000 });
    const answerMs = Date.now() - t0;
    await expect.poll(() => text('[data-status]')).toContain('Black to move');
    expect(await stones().count()).toBe(2);
    expect(await text('[data-status]')).toContain('Move 2');
    const white = await stones('white').first().getAttribute('data-at');
    expect(white).toMatch(/^[A-HJ][1-9]$/);
    expect(white).not.toBe('E5');
    expect(await app.page.locator('[data-thinking]').count()).toBe(0);
    // Level 1's 30 playouts are no estimate of the game: the readout waits for a real one.
    expect(await app.page.locator('[data-win-rate]').count()).toBe(0);
    const tasks = await longestTask();
    console.log(`level 1 answer on screen after ${answerMs} ms (click to stone); longest main-thread task ${tasks.max} ms (${tasks.count} over 50 ms)`);
    expect(answerMs).toBeLessThan(8000);
    expect(tasks.max).toBeLessThan(200);
    await app.page.screenshot({ path: screenshotPath('ai-human-vs-qi-level1') });

    await click('C3');
    await stones('white').nth(1).waitFor({ timeout: 15_000 });
    expect(await stones().count()).toBe(4);

    await app.page.click('[data-action="undo"]');
    await expect.poll(() => stones().count()).toBe(2);
    expect(await text('[data-status]')).toContain('Black to move');
    await app.page.click('[data-action="undo"]');
    await expect.poll(() => stones().count()).toBe(0);
    expect(await text('[data-status]')).toContain('No moves yet');
    expect(await text('[data-status]')).toContain('Black to move');

    // The person takes White over from Qi, plays it, and hands it back: Qi answers for White again.
    await click('E5');
    await stones('white').first().waitFor({ timeout: 15_000 });
    await app.page.click('[data-action="take-over-1"]');
    await click('C3');
    await click('G7');
    expect(await stones('white').count()).toBe(2);
    await app.page.click('[data-action="hand-to-qi-1"]');
    await click('C7');
    await stones('white').nth(2).waitFor({ timeout: 15_000 });
    expect(await stones().count()).toBe(6);
    expect(app.browser.errors).toEqual([]);
  });

  it('stops a level-10 search at once on undo; the page stays responsive; a hint then marks a point', async () => {
    await home(app.page, app.server.url);
    await newGame('human', { level: 10 });
    await watchLongTasks();
    await click('E5');
    await app.page.locator('[data-thinking] [data-progress]').waitFor({ timeout: 10_000 });
    await expect.poll(() => app.page.locator('[data-win-rate]').count(), { timeout: 10_000 }).toBe(1);
    expect(await text('[data-win-rate]')).toMatch(/\d+(\.\d)?% \(move 1\)$/);
    // On Qi's turn the board takes no stone from the person: a click is answered with a word.
    await app.page.click(cell('C3'), { force: true });
    expect(await text('[data-notice]')).toBe('Qi is thinking: wait for its move, or press Undo.');
    expect(await stones().count()).toBe(1);
    expect(await app.page.locator('[data-action="pass"]').isDisabled()).toBe(true);
    await app.page.screenshot({ path: screenshotPath('ai-qi-level10-thinking') });
    // (The screenshot may outlast the 3 s search on a loaded machine, so the timed stop is a fresh search.)
    await app.page.click('[data-action="undo"]');
    await expect.poll(() => stones().count()).toBe(0);
    // (A screenshot is itself a long task of the page: the watch restarts after it.)
    await watchLongTasks();
    await click('E5');
    await app.page.locator('[data-thinking] [data-progress]').waitFor({ timeout: 10_000 });
    await app.page.waitForTimeout(1000); // a second of search with progress reports arriving
    // Measured inside the page: from the click on Undo to the board handed back to Black with no search shown,
    // and to the worker's answer to the stop (the stopped search's end arriving back in the page).
    const { controlMs, stopMs } = await app.page.evaluate(
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
    await app.page.waitForTimeout(500);
    expect(await stones().count()).toBe(0);

    // Hint: the worker is free again (a hint takes about a second), the point is marked and described.
    const h0 = Date.now();
    await app.page.click('[data-action="hint"]');
    await app.page.locator('svg.board .hint[data-hint]').waitFor({ timeout: 10_000 });
    const hintMs = Date.now() - h0;
    const hinted = await app.page.locator('svg.board .hint').getAttribute('data-hint');
    expect(await text('[data-hint-text]')).toBe(`Qi suggests ${hinted}.`);
    expect(await text('[data-win-rate]')).toMatch(/\(move 0\)$/);
    console.log(`hint ${hinted} shown after ${hintMs} ms`);
    expect(hintMs).toBeLessThan(4000);
    await app.page.screenshot({ path: screenshotPath('ai-hint') });
    // Playing the hint clears the mark (and Qi answers it).
    await click(hinted!);
    await expect.poll(() => app.page.locator('svg.board .hint').count()).toBe(0);
    await app.page.click('[data-action="undo"]');
    await expect.poll(() => stones().count()).toBe(0);
    expect(app.browser.errors).toEqual([]);
  });

  it('Qi vs Qi at level 1 plays by itself, pauses and resumes; a new game stops it', async () => {
    await home(app.page, app.server.url);
    await watchLongTasks();
    await newGame({ level: 1 }, { level: 1 });
    await expect.poll(() => stones().count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(6);
    await app.page.click('[data-action="pause"]');
    await app.page.locator('[data-paused]').waitFor();
    const moves = await text('[data-status]');
    await app.page.waitForTimeout(1200);
    expect(await text('[data-status]')).toBe(moves);
    const before = await longestTask();
    await app.page.screenshot({ path: screenshotPath('ai-qi-vs-qi-paused') });
    await watchLongTasks(); // (a screenshot is itself a long task of the page)
    await app.page.click('[data-action="resume"]');
    await expect.poll(() => text('[data-status]'), { timeout: 15_000 }).not.toBe(moves);
    const after = await longestTask();
    console.log(`Qi vs Qi: ${moves} when paused; longest main-thread task ${before.max} ms before the pause, ${after.max} ms after resuming`);
    expect(before.max).toBeLessThan(200);
    expect(after.max).toBeLessThan(200);
    await startGame(app.page, 'go', async (sel) => {
      await app.page.selectOption(sel('size'), '9');
      await app.page.click(`${sel('seat-0')}[value="human"]`, { force: true });
      await app.page.click(`${sel('seat-1')}[value="human"]`, { force: true });
    }, true);
    await app.page.waitForTimeout(1000);
    expect(await stones().count()).toBe(0);
    expect(await text('[data-status]')).toContain('Black to move');
    expect(app.browser.errors).toEqual([]);
  });

  it('speaks Chinese in the AI parts and keeps the seats over a reload', async () => {
    await home(app.page, app.server.url);
    await newGame('human', { level: 2 });
    await app.page.click('[data-action="language"]');
    expect(await text('[data-action="hint"]')).toBe('提示');
    expect(await app.page.locator('[data-seat-row="1"]').innerText()).toContain('Qi 2 级');
    await app.page.waitForTimeout(400); // the autosave runs 250 ms after a change
    await app.page.reload();
    await app.page.locator('svg.board[data-cells="81"]').waitFor();
    await click('E5');
    await stones('white').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => text('[data-status]')).toContain('轮到黑方');
    await app.page.screenshot({ path: screenshotPath('ai-human-vs-qi-zh') });
    // The glyphs are real: 棋 drawn in the page's font differs from the box a missing glyph leaves (a private-use
    // character no font has); without a CJK font (fonts-wqy-microhei) both are the same box.
    const drawnLikeMissing = await app.page.evaluate(() => {
      const draw = (ch: string) => {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 48;
        const c = canvas.getContext('2d')!;
        c.font = `36px ${getComputedStyle(document.documentElement).fontFamily}`;
        c.fillText(ch, 4, 40);
        return Array.from(c.getImageData(0, 0, 48, 48).data).join(',');
      };
      return draw('棋') === draw('\u{10FFFD}');
    });
    expect(drawnLikeMissing, 'Chinese text is drawn as boxes: install a CJK font (apt-get install fonts-wqy-microhei)').toBe(false);
    await app.page.click('[data-action="language"]');
    expect(app.browser.errors).toEqual([]);
  });

  it('keeps the page responsive while Qi thinks in every game (longest main-thread task printed)', async () => {
    for (const game of ['gomoku', 'reversi', 'checkers'] as const) {
      await home(app.page, app.server.url);
      await startGame(app.page, game, async (sel) => {
        await seatQi(app.page, sel, 0, 2);
        await seatQi(app.page, sel, 1, 2);
      });
      await watchLongTasks();
      await expect.poll(() => app.page.locator('[data-move-list] [data-move-id]').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
      await app.page.click('[data-action="pause"]');
      const tasks = await longestTask();
      console.log(`${game} Qi vs Qi level 2: longest main-thread task ${tasks.max} ms (${tasks.count} over 50 ms; target 50 ms)`);
      expect(tasks.max).toBeLessThan(200);
    }
    expect(app.browser.errors).toEqual([]);
  });
});
