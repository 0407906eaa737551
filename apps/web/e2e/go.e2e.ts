import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, screenshotPath, serveDist } from './harness.js';
import { cell, home, startGame } from './app.js';

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

const click = (vertex: string) => page.click(cell(vertex));
const stoneAt = (vertex: string) => page.locator(`svg.board .piece[data-at="${vertex}"]`);
const text = (selector: string) => page.locator(selector).first().innerText();
const typeMove = async (m: string) => {
  await page.fill('input[name="move"]', m);
  await page.press('input[name="move"]', 'Enter');
};

async function newGame(size: number, more: (sel: (n: string) => string) => Promise<void> = async () => {}): Promise<void> {
  await startGame(page, 'go', async (sel) => {
    // The form remembers the last game's options: each test sets what it relies on.
    await page.selectOption(sel('size'), String(size));
    await page.selectOption(sel('handicap'), '0');
    await page.selectOption(sel('clock'), 'none');
    await more(sel);
  });
  await page.locator(`svg.board[data-cells="${size * size}"]`).waitFor();
}

describe('the Go page', () => {
  it('plays, captures, refuses an illegal move, undoes, ends by two passes, scores, and speaks Chinese', async () => {
    await home(page, server.url);
    await newGame(9);
    expect(await page.locator('svg.board .hits rect').count()).toBe(81);
    expect(await text('[data-status]')).toContain('Black to move');

    // Black surrounds the white stone on E5 and takes it with E6.
    for (const v of ['D5', 'E5', 'F5', 'A1', 'E4', 'A2']) await click(v);
    expect(await stoneAt('E5').getAttribute('data-piece')).toBe('white');
    await page.hover(cell('E6'));
    await page.locator('svg.board .ghost[data-ghost="E6"]').waitFor();
    await click('E6');
    await expect.poll(() => stoneAt('E5').count()).toBe(0);
    expect(await text('[data-captures="black"]')).toContain('1');
    expect(await text('[data-captures="white"]')).toContain('0');
    expect(await page.locator('svg.board .last').getAttribute('data-last')).toBe('E6');
    expect(await page.locator('[data-announcement]').textContent()).toBe('Black played E6.');
    await page.screenshot({ path: screenshotPath('go-9x9-capture') });

    // White may not play into the hole (suicide), no ghost stone is offered there, and an occupied point is refused.
    await page.hover(cell('E5'));
    expect(await page.locator('svg.board .ghost').count()).toBe(0);
    await page.click(cell('E5'), { force: true });
    expect(await text('[data-status]')).toContain('White to move');
    await typeMove('E5');
    expect(await text('[data-notice]')).toContain('suicide');
    await typeMove('D5');
    expect(await text('[data-notice]')).toContain('already occupied');
    expect(await text('[data-status]')).toContain('White to move');

    // Undo brings the captured stone back.
    await page.click('[data-action="undo"]');
    await expect.poll(() => stoneAt('E5').count()).toBe(1);
    expect(await text('[data-captures="black"]')).toContain('0');
    expect(await text('[data-status]')).toContain('Black to move');

    // A typed move works like a click.
    await typeMove('e6');
    await expect.poll(() => stoneAt('E5').count()).toBe(0);

    // Two passes open dead-stone marking; White's corner stones are marked dead, then the game is counted.
    await page.click('[data-action="pass"]');
    await page.click('[data-action="pass"]');
    await page.locator('[data-action="count"]').waitFor();
    await click('A1');
    await expect.poll(() => page.locator('svg.board .piece.dead').count()).toBe(2);
    await page.screenshot({ path: screenshotPath('go-9x9-marking') });
    await page.click('[data-action="count"]');
    const result = await text('[data-result]');
    expect(result).toMatch(/^Black wins by \d+(\.5)? points$/);
    await page.screenshot({ path: screenshotPath('go-9x9-result') });

    // 中文
    await page.click('[data-action="language"]');
    expect(await text('[data-result]')).toMatch(/^黑胜 \d+(\.5)? 目$/);
    expect(await text('header .subtitle')).toContain('围棋');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await page.screenshot({ path: screenshotPath('go-9x9-result-zh') });

    // The language, the game and its count survive a reload (IndexedDB).
    await page.waitForTimeout(400); // the autosave runs 250 ms after a change
    await page.reload();
    await page.locator('svg.board[data-cells="81"]').waitFor();
    expect(await text('header .subtitle')).toContain('围棋');
    expect(await page.locator('svg.board .piece').count()).toBe(6);
    expect(await text('[data-result]')).toMatch(/^黑胜 \d+(\.5)? 目$/);
    await page.click('[data-action="language"]');
    expect(await text('[data-result]')).toMatch(/^Black wins by/);

    expect(browser.errors).toEqual([]);
  });

  it('shows a 19×19 game with handicap and fits a phone screen', async () => {
    await home(page, server.url);
    await newGame(19, async (sel) => {
      await page.selectOption(sel('handicap'), '4');
      expect(await page.inputValue(sel('komi'))).toBe('0.5');
    });
    for (const v of ['D4', 'Q16', 'D16', 'Q4']) expect(await stoneAt(v).getAttribute('data-piece')).toBe('black');
    expect(await text('[data-status]')).toContain('White to move');
    for (const m of ['R14', 'O17', 'C14', 'F17', 'Q10', 'R6', 'K16', 'C6', 'K4', 'F3']) await typeMove(m);
    await expect.poll(() => page.locator('svg.board .piece').count()).toBe(14);
    await page.hover(cell('K10'));
    await page.screenshot({ path: screenshotPath('go-19x19-desktop') });

    await page.setViewportSize({ width: 390, height: 844 });
    const box = await page.locator('svg.board').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(box!.width).toBeGreaterThan(330);
    await page.screenshot({ path: screenshotPath('go-19x19-phone') });

    // Keyboard: the board takes focus and Enter plays at the cursor (the centre).
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.focus('svg.board');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    expect(await stoneAt('J10').getAttribute('data-piece')).toBe('white');
    expect(browser.errors).toEqual([]);
  });

  it('lets Black place a free handicap before White’s first move', async () => {
    await home(page, server.url);
    await startGame(page, 'go', async (sel) => {
      await page.selectOption(sel('size'), '9');
      await page.selectOption(sel('handicap'), '3');
      await page.selectOption(sel('placement'), 'free');
    }); // the placement screen (its own board) comes before the game's
    await page.locator('main[data-placing]').waitFor();
    expect(await text('[data-status]')).toContain('0 of 3');
    for (const v of ['C3', 'G7', 'E5']) await click(v);
    await click('E5'); // taken back
    expect(await page.locator('[data-action="start-play"]').isDisabled()).toBe(true);
    await click('C7');
    expect(await text('[data-status]')).toContain('3 of 3');
    await page.click('[data-action="start-play"]');
    await page.locator('main.play:not([data-placing]) svg.board[data-cells="81"]').waitFor();
    for (const v of ['C3', 'G7', 'C7']) expect(await stoneAt(v).getAttribute('data-piece')).toBe('black');
    expect(await stoneAt('E5').count()).toBe(0);
    expect(await text('[data-status]')).toContain('White to move');
    expect(await text('.go-panel')).toContain('Handicap 3');
    expect(browser.errors).toEqual([]);
  });

  it('plays on the second tap when tap-to-confirm is on (for touch screens)', async () => {
    await home(page, server.url);
    await newGame(9);
    await page.check('input[name="confirm-taps"]');
    await click('E5');
    expect(await stoneAt('E5').count()).toBe(0);
    await page.locator('svg.board .selected').waitFor();
    await click('D4'); // another point moves the mark
    expect(await page.locator('svg.board .selected').getAttribute('data-selected')).toBe('D4');
    await click('D4');
    await expect.poll(() => stoneAt('D4').count()).toBe(1);
    expect(await stoneAt('E5').count()).toBe(0);
    await page.uncheck('input[name="confirm-taps"]');
    await click('E5');
    await expect.poll(() => stoneAt('E5').count()).toBe(1);
    expect(browser.errors).toEqual([]);
  });

  it('runs a byo-yomi clock for the side to move, pauses it on undo, and ends the game when a flag falls', async () => {
    await home(page, server.url);
    await newGame(9, async (sel) => {
      await page.selectOption(sel('clock'), 'byoyomi');
      await page.fill(sel('clock-base'), '0');
      await page.fill(sel('clock-periods'), '1');
      await page.fill(sel('clock-period'), '3');
    });
    expect(await page.locator('[data-clock="0"]').innerText()).toMatch(/^0:0[0-3] \(1\)$/);
    await click('E5');
    await expect.poll(() => page.locator('[data-clock="1"].running').count()).toBe(1);
    // Undo pauses the clock: no flag falls while nobody is to think.
    await page.click('[data-action="undo"]');
    await expect.poll(() => page.locator('.clock.running').count()).toBe(0);
    await page.waitForTimeout(3500);
    expect(await page.locator('[data-result]').count()).toBe(0);
    // Black moves again: White's period runs out and White loses on time.
    await click('E5');
    await expect.poll(() => text('[data-status]'), { timeout: 10_000 }).toContain('Black wins on time');
    await page.screenshot({ path: screenshotPath('go-9x9-flag') });
    expect(browser.errors).toEqual([]);
  });

  it('moves the old Go page’s game from localStorage into the saved games, leaving the old key in place', async () => {
    // A fresh profile: the migration runs once per browser.
    const fresh = await launchChromium();
    try {
      const p = fresh.page;
      await p.addInitScript(() => {
        if (!localStorage.getItem('qi.go.game')) localStorage.setItem('qi.go.game', '(;FF[4]GM[1]SZ[9]KM[7.5];B[ee];W[cc];B[gg])');
      });
      await home(p, server.url);
      await p.locator('[data-saved="go"]').first().waitFor();
      expect(await p.locator('[data-saved="go"]').first().innerText()).toContain('3 moves');
      expect(await p.evaluate(() => localStorage.getItem('qi.go.game'))).toContain('B[gg]');
      await p.locator('[data-saved="go"] button.link').first().click();
      await p.locator('svg.board[data-cells="81"]').waitFor();
      expect(await p.locator('svg.board .piece').count()).toBe(3);
      expect(fresh.errors).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('opens an SGF record, marks GNU Go’s dead stones, agrees with its score, and saves SGF', async () => {
    const data = new URL('../../../../shared/data/go/', import.meta.url);
    const file = 'gnugo-regression/9x9/olympiad2002_game2-9-gnugo-goint-0-1.sgf';
    const expected = readFileSync(new URL('gnugo-final-scores.jsonl', data), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { file: string; chinese_final_score: string; chinese_dead: string[] })
      .find((e) => e.file === file)!;
    await home(page, server.url);
    await page.setInputFiles('input[data-action="open-record"]', fileURLToPath(new URL(file, data)));
    await page.locator('svg.board[data-cells="81"]').waitFor();
    await page.locator('[data-action="count"]').waitFor();
    for (const v of expected.chinese_dead) {
      if ((await stoneAt(v).getAttribute('class'))?.includes('dead')) continue;
      await click(v);
    }
    await expect.poll(() => page.locator('svg.board .piece.dead').count()).toBe(expected.chinese_dead.length);
    expect(await page.locator('svg.board .territory rect').count()).toBeGreaterThan(10);
    await page.click('[data-action="count"]');
    const m = /^([BW])\+([\d.]+)$/.exec(expected.chinese_final_score)!;
    const margin = Number(m[2]);
    const points = Number.isInteger(margin) ? String(margin) : margin.toFixed(1);
    expect(await text('[data-result]')).toBe(`${m[1] === 'B' ? 'Black' : 'White'} wins by ${points} points`);
    await page.screenshot({ path: screenshotPath('go-9x9-sgf-scored') });

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-action="save-record"]')]);
    expect(download.suggestedFilename()).toMatch(/^qi-go-.*\.sgf$/);
    const saved = readFileSync((await download.path())!, 'utf8');
    expect(saved).toMatch(/^\(;FF\[4\]GM\[1\]/);
    expect(saved).toContain('SZ[9]');
    expect(saved).toContain(`RE[${expected.chinese_final_score.replace('.0', '')}]`);
    expect(browser.errors).toEqual([]);
  });
});
