import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appUnderTest, launchChromium, screenshotPath } from './harness.js';
import { cell, home, startGame } from './app.js';

const app = appUnderTest();

const click = (vertex: string) => app.page.click(cell(vertex));
const stoneAt = (vertex: string) => app.page.locator(`svg.board .piece[data-at="${vertex}"]`);
const text = (selector: string) => app.page.locator(selector).first().innerText();
const typeMove = async (m: string) => {
  await app.page.fill('input[name="move"]', m);
  await app.page.press('input[name="move"]', 'Enter');
};

async function newGame(size: number, more: (sel: (n: string) => string) => Promise<void> = async () => {}): Promise<void> {
  await startGame(app.page, 'go', async (sel) => {
    // The form remembers the last game's options: each test sets what it relies on.
    await app.page.selectOption(sel('size'), String(size));
    await app.page.selectOption(sel('handicap'), '0');
    await app.page.selectOption(sel('clock'), 'none');
    await more(sel);
  });
  await app.page.locator(`svg.board[data-cells="${size * size}"]`).waitFor();
}

describe('the Go page', () => {
  it('plays, captures, refuses an illegal move, undoes, ends by two passes, scores, and speaks Chinese', async () => {
    await home(app.page, app.server.url);
    await newGame(9);
    expect(await app.page.locator('svg.board .hits rect').count()).toBe(81);
    expect(await text('[data-status]')).toContain('Black to move');

    // Black surrounds the white stone on E5 and takes it with E6.
    for (const v of ['D5', 'E5', 'F5', 'A1', 'E4', 'A2']) await click(v);
    expect(await stoneAt('E5').getAttribute('data-piece')).toBe('white');
    await app.page.hover(cell('E6'));
    await app.page.locator('svg.board .ghost[data-ghost="E6"]').waitFor();
    await click('E6');
    await expect.poll(() => stoneAt('E5').count()).toBe(0);
    expect(await text('[data-captures="black"]')).toContain('1');
    expect(await text('[data-captures="white"]')).toContain('0');
    expect(await app.page.locator('svg.board .last').getAttribute('data-last')).toBe('E6');
    expect(await app.page.locator('[data-announcement]').textContent()).toBe('Black played E6.');
    await app.page.screenshot({ path: screenshotPath('go-9x9-capture') });

    // White may not play into the hole (suicide), no ghost stone is offered there, and an occupied point is refused.
    await app.page.hover(cell('E5'));
    expect(await app.page.locator('svg.board .ghost').count()).toBe(0);
    await app.page.click(cell('E5'), { force: true });
    expect(await text('[data-status]')).toContain('White to move');
    await typeMove('E5');
    expect(await text('[data-notice]')).toContain('suicide');
    await typeMove('D5');
    expect(await text('[data-notice]')).toContain('already occupied');
    expect(await text('[data-status]')).toContain('White to move');

    // Undo brings the captured stone back.
    await app.page.click('[data-action="undo"]');
    await expect.poll(() => stoneAt('E5').count()).toBe(1);
    expect(await text('[data-captures="black"]')).toContain('0');
    expect(await text('[data-status]')).toContain('Black to move');

    // A typed move works like a click.
    await typeMove('e6');
    await expect.poll(() => stoneAt('E5').count()).toBe(0);

    // Two passes open dead-stone marking; White's corner stones are marked dead, then the game is counted.
    await app.page.click('[data-action="pass"]');
    await app.page.click('[data-action="pass"]');
    await app.page.locator('[data-action="count"]').waitFor();
    await click('A1');
    await expect.poll(() => app.page.locator('svg.board .piece.dead').count()).toBe(2);
    await app.page.screenshot({ path: screenshotPath('go-9x9-marking') });
    await app.page.click('[data-action="count"]');
    const result = await text('[data-result]');
    expect(result).toMatch(/^Black wins by \d+(\.5)? points$/);
    await app.page.screenshot({ path: screenshotPath('go-9x9-result') });

    // 中文
    await app.page.click('[data-action="language"]');
    expect(await text('[data-result]')).toMatch(/^黑胜 \d+(\.5)? 目$/);
    expect(await text('header .subtitle')).toContain('围棋');
    expect(await app.page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await app.page.screenshot({ path: screenshotPath('go-9x9-result-zh') });

    // The language, the game and its count survive a reload (IndexedDB).
    await app.page.waitForTimeout(400); // the autosave runs 250 ms after a change
    await app.page.reload();
    await app.page.locator('svg.board[data-cells="81"]').waitFor();
    expect(await text('header .subtitle')).toContain('围棋');
    expect(await app.page.locator('svg.board .piece').count()).toBe(6);
    expect(await text('[data-result]')).toMatch(/^黑胜 \d+(\.5)? 目$/);
    await app.page.click('[data-action="language"]');
    expect(await text('[data-result]')).toMatch(/^Black wins by/);

    expect(app.browser.errors).toEqual([]);
  });

  it('shows a 19×19 game with handicap and fits a phone screen', async () => {
    await home(app.page, app.server.url);
    await newGame(19, async (sel) => {
      await app.page.selectOption(sel('handicap'), '4');
      expect(await app.page.inputValue(sel('komi'))).toBe('0.5');
    });
    for (const v of ['D4', 'Q16', 'D16', 'Q4']) expect(await stoneAt(v).getAttribute('data-piece')).toBe('black');
    expect(await text('[data-status]')).toContain('White to move');
    for (const m of ['R14', 'O17', 'C14', 'F17', 'Q10', 'R6', 'K16', 'C6', 'K4', 'F3']) await typeMove(m);
    await expect.poll(() => app.page.locator('svg.board .piece').count()).toBe(14);
    await app.page.hover(cell('K10'));
    await app.page.screenshot({ path: screenshotPath('go-19x19-desktop') });

    await app.page.setViewportSize({ width: 390, height: 844 });
    const box = await app.page.locator('svg.board').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(box!.width).toBeGreaterThan(330);
    await app.page.screenshot({ path: screenshotPath('go-19x19-phone') });

    // Keyboard: the board takes focus and Enter plays at the cursor (the centre).
    await app.page.setViewportSize({ width: 1280, height: 860 });
    await app.page.focus('svg.board');
    await app.page.keyboard.press('ArrowLeft');
    await app.page.keyboard.press('Enter');
    expect(await stoneAt('J10').getAttribute('data-piece')).toBe('white');
    expect(app.browser.errors).toEqual([]);
  });

  it('lets Black place a free handicap before White’s first move', async () => {
    await home(app.page, app.server.url);
    await startGame(app.page, 'go', async (sel) => {
      await app.page.selectOption(sel('size'), '9');
      await app.page.selectOption(sel('handicap'), '3');
      await app.page.selectOption(sel('placement'), 'free');
    }); // the placement screen (its own board) comes before the game's
    await app.page.locator('main[data-placing]').waitFor();
    expect(await text('[data-status]')).toContain('0 of 3');
    for (const v of ['C3', 'G7', 'E5']) await click(v);
    await click('E5'); // taken back
    expect(await app.page.locator('[data-action="start-play"]').isDisabled()).toBe(true);
    await click('C7');
    expect(await text('[data-status]')).toContain('3 of 3');
    await app.page.click('[data-action="start-play"]');
    await app.page.locator('main.play:not([data-placing]) svg.board[data-cells="81"]').waitFor();
    for (const v of ['C3', 'G7', 'C7']) expect(await stoneAt(v).getAttribute('data-piece')).toBe('black');
    expect(await stoneAt('E5').count()).toBe(0);
    expect(await text('[data-status]')).toContain('White to move');
    expect(await text('.go-panel')).toContain('Handicap 3');
    expect(app.browser.errors).toEqual([]);
  });

  it('plays on the second tap when tap-to-confirm is on (for touch screens)', async () => {
    await home(app.page, app.server.url);
    await newGame(9);
    await app.page.check('input[name="confirm-taps"]');
    await click('E5');
    expect(await stoneAt('E5').count()).toBe(0);
    await app.page.locator('svg.board .selected').waitFor();
    await click('D4'); // another point moves the mark
    expect(await app.page.locator('svg.board .selected').getAttribute('data-selected')).toBe('D4');
    await click('D4');
    await expect.poll(() => stoneAt('D4').count()).toBe(1);
    expect(await stoneAt('E5').count()).toBe(0);
    await app.page.uncheck('input[name="confirm-taps"]');
    await click('E5');
    await expect.poll(() => stoneAt('E5').count()).toBe(1);
    expect(app.browser.errors).toEqual([]);
  });

  it('runs a byo-yomi clock for the side to move, pauses it on undo, and ends the game when a flag falls', async () => {
    await home(app.page, app.server.url);
    await newGame(9, async (sel) => {
      await app.page.selectOption(sel('clock'), 'byoyomi');
      await app.page.fill(sel('clock-base'), '0');
      await app.page.fill(sel('clock-periods'), '1');
      await app.page.fill(sel('clock-period'), '3');
    });
    expect(await app.page.locator('[data-clock="0"]').innerText()).toMatch(/^0:0[0-3] \(1\)$/);
    await click('E5');
    await expect.poll(() => app.page.locator('[data-clock="1"].running').count()).toBe(1);
    // Undo pauses the clock: no flag falls while nobody is to think.
    await app.page.click('[data-action="undo"]');
    await expect.poll(() => app.page.locator('.clock.running').count()).toBe(0);
    await app.page.waitForTimeout(3500);
    expect(await app.page.locator('[data-result]').count()).toBe(0);
    // Black moves again: White's period runs out and White loses on time.
    await click('E5');
    await expect.poll(() => text('[data-status]'), { timeout: 10_000 }).toContain('Black wins on time');
    await app.page.screenshot({ path: screenshotPath('go-9x9-flag') });
    expect(app.browser.errors).toEqual([]);
  });

  it('moves the old Go page’s game from localStorage into the saved games, leaving the old key in place', async () => {
    // A fresh profile: the migration runs once per app.browser.
    const fresh = await launchChromium();
    try {
      const p = fresh.page;
      await p.addInitScript(() => {
        if (!localStorage.getItem('qi.go.game')) localStorage.setItem('qi.go.game', '(;FF[4]GM[1]SZ[9]KM[7.5];B[ee];W[cc];B[gg])');
      });
      await home(p, app.server.url);
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
    await home(app.page, app.server.url);
    await app.page.setInputFiles('input[data-action="open-record"]', fileURLToPath(new URL(file, data)));
    await app.page.locator('svg.board[data-cells="81"]').waitFor();
    await app.page.locator('[data-action="count"]').waitFor();
    for (const v of expected.chinese_dead) {
      if ((await stoneAt(v).getAttribute('class'))?.includes('dead')) continue;
      await click(v);
    }
    await expect.poll(() => app.page.locator('svg.board .piece.dead').count()).toBe(expected.chinese_dead.length);
    expect(await app.page.locator('svg.board .territory rect').count()).toBeGreaterThan(10);
    await app.page.click('[data-action="count"]');
    const m = /^([BW])\+([\d.]+)$/.exec(expected.chinese_final_score)!;
    const margin = Number(m[2]);
    const points = Number.isInteger(margin) ? String(margin) : margin.toFixed(1);
    expect(await text('[data-result]')).toBe(`${m[1] === 'B' ? 'Black' : 'White'} wins by ${points} points`);
    await app.page.screenshot({ path: screenshotPath('go-9x9-sgf-scored') });

    const [download] = await Promise.all([app.page.waitForEvent('download'), app.page.click('[data-action="save-record"]')]);
    expect(download.suggestedFilename()).toMatch(/^qi-go-.*\.sgf$/);
    const saved = readFileSync((await download.path())!, 'utf8');
    expect(saved).toMatch(/^\(;FF\[4\]GM\[1\]/);
    expect(saved).toContain('SZ[9]');
    expect(saved).toContain(`RE[${expected.chinese_final_score.replace('.0', '')}]`);
    expect(app.browser.errors).toEqual([]);
  });
});
