import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_MOVES, Rng, reversiDefinition, ReversiPosition } from '@qi/engine';
import { appUnderTest, screenshotPath } from './harness.js';
import { cell, home, startGame } from './app.js';

const app = appUnderTest();
const dir = mkdtempSync(join(tmpdir(), 'qi-study-'));

const text = (selector: string) => app.page.locator(selector).first().innerText();

/** Turns the analysis on or off (the button remembers its state across games and reloads). */
async function analysis(on: boolean): Promise<void> {
  const button = app.page.locator('[data-action="analyze"]');
  if ((await button.getAttribute('aria-pressed')) !== String(on)) await button.click();
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe(String(on));
}

/** Counts the analysis's updates on screen over `ms` (the numbers may change at most a few times a second). */
async function updatesPerSecond(ms: number): Promise<number> {
  return app.page.evaluate(
    (ms) =>
      new Promise<number>((resolve) => {
        const el = document.querySelector('[data-eval-text]')!;
        let n = 0;
        const obs = new MutationObserver(() => n++);
        obs.observe(el, { subtree: true, characterData: true, childList: true });
        setTimeout(() => {
          obs.disconnect();
          resolve((n * 1000) / ms);
        }, ms);
      }),
    ms,
  );
}

/** A 60-move 9x9 Go record (from a GNU Go tournament game) and a 40-move Reversi one (seeded random legal moves). */
function records(): { go: string; reversi: string } {
  const data = new URL('../../../../shared/data/go/gnugo-regression/9x9/', import.meta.url);
  const sgf = readFileSync(new URL('olympiad2002_game2-9-gnugo-goint-0-1.sgf', data), 'utf8');
  // The main line's first 60 moves: cut the record after its 60th move node.
  const nodes = sgf.split(';');
  const go = join(dir, 'go-60.sgf');
  writeFileSync(go, `${nodes.slice(0, 2 + 60).join(';')})`);
  const pos = new ReversiPosition();
  const rng = new Rng(5);
  const buf = new Int32Array(MAX_MOVES);
  const moves: number[] = [];
  while (moves.length < 40 && !pos.isTerminal()) {
    const m = buf[rng.int(pos.legalMoves(buf))];
    pos.play(m);
    moves.push(m);
  }
  const reversi = join(dir, 'reversi-40.sgf');
  writeFileSync(reversi, reversiDefinition.record!.write({ rules: {}, moves }));
  return { go, reversi };
}

describe('studying a game', () => {
  it('shows the analysis in Go (candidates, win rate, a hovered line as numbered stones) and hides it', async () => {
    await home(app.page, app.server.url);
    await startGame(app.page, 'go', async (sel) => {
      await app.page.selectOption(sel('size'), '9');
      await app.page.selectOption(sel('handicap'), '0');
    });
    for (const v of ['E5', 'C3', 'G7', 'C7', 'G3', 'E3']) await app.page.click(cell(v));
    await analysis(true);
    await app.page.locator('svg.board .candidate').first().waitFor({ timeout: 15_000 });
    await app.page.locator('[data-candidates] li').first().waitFor();
    expect(await text('[data-eval-text]')).toMatch(/Black’s win rate \d+(\.\d)?% (· (Black|White) leads by [\d.]+ )?· \d+ playouts/);
    // Go's ownership from the search's own playouts is drawn on the empty points.
    await expect.poll(() => app.page.locator('svg.board .eye').count()).toBeGreaterThan(10);
    const rate = await updatesPerSecond(3000);
    console.log(`Go analysis: ${rate.toFixed(1)} updates a second on screen`);
    expect(rate).toBeGreaterThan(0.5);
    expect(rate).toBeLessThan(10);
    const first = await app.page.locator('svg.board .candidate').first().getAttribute('data-candidate');
    await app.page.hover(cell(first!));
    await app.page.locator('svg.board .piece.variation').first().waitFor();
    expect(await app.page.locator(`svg.board .piece.variation[data-at="${first}"] text`).textContent()).toBe('1');
    await app.page.screenshot({ path: screenshotPath('study-go-analysis') });
    // A click on the candidate plays it; the analysis follows the new position.
    await app.page.click(cell(first!));
    await app.page.locator(`svg.board .piece[data-at="${first}"]:not(.variation)`).waitFor();
    await analysis(false);
    await expect.poll(() => app.page.locator('svg.board .candidate').count()).toBe(0);
    expect(app.browser.errors).toEqual([]);
  });

  it('shows the analysis in an alpha-beta game (Reversi: score and depth, the line on hover)', async () => {
    await home(app.page, app.server.url);
    await startGame(app.page, 'reversi', async (sel) => {
      await app.page.click(`${sel('seat-0')}[value="human"]`, { force: true });
      await app.page.click(`${sel('seat-1')}[value="human"]`, { force: true });
    });
    await analysis(true);
    await app.page.locator('svg.board .candidate').first().waitFor({ timeout: 15_000 });
    expect(await text('[data-eval-text]')).toMatch(/score [+−]?\d/);
    const first = await app.page.locator('svg.board .candidate').first().getAttribute('data-candidate');
    await app.page.hover(cell(first!));
    await app.page.locator('svg.board .piece.variation').first().waitFor();
    await app.page.screenshot({ path: screenshotPath('study-reversi-analysis') });
    await analysis(false);
    expect(app.browser.errors).toEqual([]);
  });

  it('shows a Reversi endgame proven by the solver as its exact disc difference', async () => {
    // A seeded random game to 14 empty squares: the worker's endgame solver settles it during the analysis.
    const pos = new ReversiPosition();
    const rng = new Rng(11);
    const buf = new Int32Array(MAX_MOVES);
    const moves: number[] = [];
    while (pos.empties() > 14 && !pos.isTerminal()) {
      const m = buf[rng.int(pos.legalMoves(buf))];
      pos.play(m);
      moves.push(m);
    }
    const file = join(dir, 'reversi-endgame.sgf');
    writeFileSync(file, reversiDefinition.record!.write({ rules: {}, moves }));
    await home(app.page, app.server.url);
    await app.page.setInputFiles('input[data-action="open-record"]', file);
    await app.page.locator('main.play[data-game="reversi"]').waitFor();
    await analysis(true);
    await expect.poll(() => text('[data-eval-text]'), { timeout: 30_000 }).toMatch(/^proven: (Black|White) [+−]?\d+ discs$/);
    console.log(`Reversi endgame at 14 empties: ${await text('[data-eval-text]')}`);
    await analysis(false);
    expect(app.browser.errors).toEqual([]);
  });

  it('reviews a 60-move Go game and a 40-move Reversi game, lists mistakes, jumps to them, keeps the review', async () => {
    const files = records();
    for (const [game, file] of [['go', files.go], ['reversi', files.reversi]] as const) {
      await home(app.page, app.server.url);
      await app.page.setInputFiles('input[data-action="open-record"]', file);
      await app.page.locator(`main.play[data-game="${game}"]`).waitFor();
      const t0 = Date.now();
      await app.page.click('[data-action="review"]');
      await app.page.locator('[data-review-done]').waitFor({ timeout: 90_000 });
      const seconds = (Date.now() - t0) / 1000;
      const done = await text('[data-review-done]');
      console.log(`quick review of a ${game === 'go' ? '60-move 9x9 Go' : '40-move Reversi'} game: ${seconds.toFixed(1)} s (${done})`);
      expect(await app.page.locator('[data-win-graph]').getAttribute('data-win-graph')).not.toBe('0');
      const mistakes = app.page.locator('[data-mistakes] [data-mistake]');
      if ((await mistakes.count()) > 0) {
        const n = Number(await mistakes.first().getAttribute('data-mistake'));
        await mistakes.first().click();
        // The position the mistake was made from: move n − 1 on the board.
        await expect.poll(() => text('[data-status]')).toContain(n - 1 === 0 ? 'No moves yet' : `Move ${n - 1}`);
        expect(await text('[data-notice]')).toContain(`Move ${n}:`);
        // The better move is hinted on the board, the move played ringed.
        await app.page.locator('svg.board .hint').waitFor();
        await app.page.locator('svg.board .selected').waitFor();
        await app.page.locator('body').press('n');
        await expect.poll(() => text('[data-notice]')).toMatch(/^Move \d+:/);
      }
      await app.page.screenshot({ path: screenshotPath(`study-${game}-review`) });
      // The review travels in the saved record as comments on the moves, and the record opens again.
      await app.page.locator('[data-move-list] [data-move-id]').last().click();
      const [download] = await Promise.all([app.page.waitForEvent('download'), app.page.click('[data-action="save-record"]')]);
      const saved = readFileSync((await download.path())!, 'utf8');
      expect(saved).toMatch(/C\[Qi: (Black|White) \d+(\.\d)?%\./);
      if ((await mistakes.count()) > 0) expect(saved).toContain('Mistake (−');
      // The review is saved with the game.
      await app.page.waitForTimeout(400);
      await app.page.reload();
      await app.page.locator(`main.play[data-game="${game}"] [data-review-done]`).waitFor();
    }
    expect(app.browser.errors).toEqual([]);
  });
});
