import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appUnderTest, screenshotPath } from './harness.js';
import { cell, clickCell, home, piece, seatQi, startGame, text } from './app.js';

const app = appUnderTest();

/**
 * A renju position with all three kinds of forbidden point for Black, from the shared data (a black-to-move VCF
 * puzzle whose forbidden points two independent engines, quintet and Rapfi, agree on).
 */
interface ForbiddenCase {
  id: string;
  black: string[];
  white: string[];
  forbidden: { point: string; kind: 'double-three' | 'double-four' | 'overline' }[];
}
const data = new URL('../../../../shared/data/gomoku/', import.meta.url);
const puzzle = readFileSync(new URL('renju-forbidden-positions.jsonl', data), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as ForbiddenCase)
  .find((e) => e.id === 'lfz-0ac0566a2e94')!;
/** The puzzle's stones in an order where every black move is legal and nobody wins on the way (found with the engine). */
const ORDER = ['G12', 'I14', 'J12', 'H13', 'L12', 'J13', 'G11', 'K13', 'I10', 'H12', 'L10', 'I12', 'I9', 'K10', 'J9', 'G9', 'K9', 'H9', 'M9', 'K8', 'N9', 'N8', 'H8', 'N7'];
/** Black's VCF from there (found by the AI's VCF solver), ending with the exact five M8–M12. */
const VCF = ['J10', 'K11', 'J11', 'J8', 'G7', 'F6', 'H11', 'F13', 'I11', 'F11', 'I8', 'I7', 'L8', 'M7', 'L11', 'L9', 'L13', 'L14', 'K12', 'M14', 'M12', 'N12', 'M10', 'O8', 'M11', 'M13', 'M8'];
const KIND_WORDS = { 'double-three': 'double three', 'double-four': 'double four', overline: 'overline' } as const;

const stones = () => app.page.locator('svg.board .piece');
const forbiddenMarks = async () => (await app.page.locator('svg.board .forbidden').evaluateAll((els) => els.map((e) => e.getAttribute('data-forbidden')!))).sort();
const winMarks = async () => (await app.page.locator('svg.board .win').evaluateAll((els) => els.map((e) => e.getAttribute('data-win')!))).sort();
const moveButtons = () => app.page.locator('[data-move-list] [data-move-id]');
/** Arrow keys go to the page (the move list), not to the board's cursor: focus leaves the board first. */
const pageKey = async (key: string) => {
  await app.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await app.page.keyboard.press(key);
};
const typeMove = async (m: string) => {
  await app.page.fill('input[name="move"]', m);
  await app.page.press('input[name="move"]', 'Enter');
};

async function newGame(size: number, rule: 'renju' | 'freestyle' | 'standard', more: (sel: (n: string) => string) => Promise<void> = async () => {}): Promise<void> {
  await startGame(app.page, 'gomoku', async (sel) => {
    await app.page.selectOption(sel('size'), String(size));
    await app.page.selectOption(sel('rule'), rule);
    // The form remembers the last game's seats: people at both unless `more` seats Qi.
    for (const p of [0, 1]) await app.page.click(`${sel(`seat-${p}`)}[value="human"]`, { force: true });
    await more(sel);
  });
  await app.page.locator(`svg.board[data-cells="${size * size}"]`).waitFor();
}

describe('the Gomoku page', () => {
  it('a renju forbidden move refused with its reason and a five won', async () => {
    expect(puzzle.black.length + puzzle.white.length).toBe(ORDER.length);
    expect(ORDER.filter((_, i) => i % 2 === 0).sort()).toEqual([...puzzle.black].sort());
    expect(ORDER.filter((_, i) => i % 2 === 1).sort()).toEqual([...puzzle.white].sort());
    await home(app.page, app.server.url);
    await newGame(15, 'renju');
    expect(await app.page.locator('svg.board .hits rect').count()).toBe(225);
    expect(await app.page.locator('svg.board .grid .dot').count()).toBe(5);
    expect(await text(app.page, '[data-status]')).toContain('Black to move');
    expect(await text(app.page, '[data-status]')).toContain('15×15 · renju');

    for (const m of ORDER) await clickCell(app.page, m);
    await expect.poll(() => stones().count()).toBe(24);
    for (const v of puzzle.black) expect(await piece(app.page, v).getAttribute('data-piece')).toBe('black');
    for (const v of puzzle.white) expect(await piece(app.page, v).getAttribute('data-piece')).toBe('white');
    expect(await text(app.page, '[data-status]')).toContain('Black to move');
    expect(await app.page.locator('svg.board .last').getAttribute('data-last')).toBe('N7');
    expect(await moveButtons().count()).toBe(24);

    // Black's forbidden points are marked, exactly as the two reference engines found them.
    expect(await forbiddenMarks()).toEqual(puzzle.forbidden.map((f) => f.point).sort());
    await app.page.screenshot({ path: screenshotPath('gomoku-renju-forbidden') });
    // No ghost stone is offered on a forbidden point; one is on a free point.
    await app.page.hover(cell('I7'));
    expect(await app.page.locator('svg.board .ghost').count()).toBe(0);
    await app.page.hover(cell('E5'));
    await app.page.locator('svg.board .ghost[data-ghost="E5"]').waitFor();

    // The marks can be hidden and shown again.
    const toggle = app.page.getByLabel('Show Black’s forbidden points');
    await toggle.uncheck();
    expect(await forbiddenMarks()).toEqual([]);
    await toggle.check();
    expect(await forbiddenMarks()).toEqual(puzzle.forbidden.map((f) => f.point).sort());

    // A click on each forbidden point is refused with its kind; nothing is played (typed moves too).
    for (const f of puzzle.forbidden) {
      await clickCell(app.page, f.point);
      const notice = await text(app.page, '[data-notice]');
      expect(notice).toContain(`${f.point} is forbidden for Black`);
      expect(notice).toContain(`(${KIND_WORDS[f.kind]})`);
    }
    await typeMove('l9');
    expect(await text(app.page, '[data-notice]')).toBe('L9 is forbidden for Black: it makes six or more in a row (overline).');
    await typeMove('H8');
    expect(await text(app.page, '[data-notice]')).toBe('H8 is already occupied.');
    await app.page.click('[data-action="language"]');
    await clickCell(app.page, 'K11');
    expect(await text(app.page, '[data-notice]')).toBe('K11 是黑方禁手：形成两个四（四四）。');
    await app.page.click('[data-action="language"]');
    await app.page.setViewportSize({ width: 390, height: 844 });
    await app.page.screenshot({ path: screenshotPath('gomoku-renju-forbidden-phone') });
    await app.page.setViewportSize({ width: 1280, height: 860 });
    expect(await stones().count()).toBe(24);
    expect(await text(app.page, '[data-status]')).toContain('Black to move');

    // White to move: no forbidden marks (they are Black's).
    await clickCell(app.page, VCF[0]);
    expect(await forbiddenMarks()).toEqual([]);

    // Black wins by continuous fours; the exact five is highlighted and the result names the winner.
    for (const m of VCF.slice(1)) await clickCell(app.page, m);
    await app.page.locator('[data-result]').waitFor();
    expect(await text(app.page, '[data-result]')).toBe('Black wins with five in a row');
    expect(await winMarks()).toEqual(['M10', 'M11', 'M12', 'M8', 'M9']);
    expect(await app.page.locator('svg.board .last').getAttribute('data-last')).toBe('M8');
    expect(await forbiddenMarks()).toEqual([]);
    await clickCell(app.page, 'A1');
    expect(await text(app.page, '[data-notice]')).toContain('The game is over');
    await app.page.screenshot({ path: screenshotPath('gomoku-renju-five') });
    await app.page.setViewportSize({ width: 390, height: 844 });
    const box = await app.page.locator('svg.board').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(box!.width).toBeGreaterThan(330);
    await app.page.screenshot({ path: screenshotPath('gomoku-renju-five-phone') });
    await app.page.setViewportSize({ width: 1280, height: 860 });

    // Chinese wording of the result.
    await app.page.click('[data-action="language"]');
    expect(await text(app.page, '[data-result]')).toBe('黑方五子连珠获胜');
    await app.page.screenshot({ path: screenshotPath('gomoku-renju-five-zh') });
    await app.page.click('[data-action="language"]');
    expect(app.browser.errors).toEqual([]);
  });

  it('steps through the move list with the arrow keys and keeps a branch', async () => {
    await home(app.page, app.server.url);
    await newGame(15, 'freestyle');
    for (const m of ['H8', 'H9', 'J8', 'J9', 'K8']) await clickCell(app.page, m);
    await expect.poll(() => stones().count()).toBe(5);

    // Arrow keys on the page step back and forth through the moves.
    await pageKey('ArrowLeft');
    await expect.poll(() => stones().count()).toBe(4);
    expect(await app.page.locator('svg.board .last').getAttribute('data-last')).toBe('J9');
    await pageKey('ArrowLeft');
    await expect.poll(() => stones().count()).toBe(3);
    await pageKey('ArrowRight');
    await expect.poll(() => stones().count()).toBe(4);
    await pageKey('ArrowRight');
    await expect.poll(() => stones().count()).toBe(5);
    expect(await text(app.page, '[data-status]')).toContain('White to move');

    // Undo twice, then White plays something else: a branch.
    await app.page.click('[data-action="undo"]');
    await app.page.click('[data-action="undo"]');
    await expect.poll(() => stones().count()).toBe(3);
    expect(await text(app.page, '[data-status]')).toContain('White to move');
    await clickCell(app.page, 'L9');
    await expect.poll(() => stones().count()).toBe(4);
    expect(await moveButtons().count()).toBe(4);
    expect(await piece(app.page, 'J9').count()).toBe(0);

    // One step back: both of White's moves are offered as branches.
    await pageKey('ArrowLeft');
    await expect.poll(() => app.page.locator('[data-branch]').count()).toBe(2);
    expect(await app.page.locator('[data-branch]').allInnerTexts()).toEqual(['J9', 'L9']);
    await app.page.screenshot({ path: screenshotPath('gomoku-branches') });
    await app.page.locator('[data-branch]', { hasText: 'J9' }).click();
    await expect.poll(() => piece(app.page, 'J9').count()).toBe(1);
    expect(await piece(app.page, 'L9').count()).toBe(0);
    // The old line goes on from there: K8 comes back with the right arrow.
    await pageKey('ArrowRight');
    await expect.poll(() => piece(app.page, 'K8').count()).toBe(1);
    expect(await moveButtons().count()).toBe(5);
    // Back to the start and the other branch via the list.
    await app.page.locator('[data-move-list] button', { hasText: 'H9' }).first().click();
    await expect.poll(() => stones().count()).toBe(2);
    await app.page.click('[data-action="redo"]');
    await app.page.click('[data-action="redo"]');
    await expect.poll(() => stones().count()).toBe(4);
    expect(await piece(app.page, 'J9').count()).toBe(1);
    expect(app.browser.errors).toEqual([]);
  });

  it('plays the other rules and sizes: an overline does not win under exact five, it does in freestyle', async () => {
    const six = ['B5', 'B1', 'C5', 'C1', 'D5', 'D1', 'F5', 'F1', 'G5', 'H1'];
    await home(app.page, app.server.url);
    await newGame(9, 'standard');
    expect(await app.page.locator('svg.board .grid .dot').count()).toBe(5);
    // No forbidden points outside renju, so no switch for them.
    expect(await app.page.getByLabel('Show Black’s forbidden points').count()).toBe(0);
    for (const m of six) await clickCell(app.page, m);
    await clickCell(app.page, 'E5');
    await expect.poll(() => stones().count()).toBe(11);
    expect(await app.page.locator('[data-result]').count()).toBe(0);
    expect(await text(app.page, '[data-status]')).toContain('White to move');
    expect(await winMarks()).toEqual([]);
    await app.page.screenshot({ path: screenshotPath('gomoku-9x9-standard') });

    await newGame(19, 'freestyle');
    for (const m of six) await clickCell(app.page, m);
    await clickCell(app.page, 'E5');
    await app.page.locator('[data-result]').waitFor();
    expect(await text(app.page, '[data-result]')).toBe('Black wins with 6 in a row');
    expect(await winMarks()).toEqual(['B5', 'C5', 'D5', 'E5', 'F5', 'G5']);
    await app.page.screenshot({ path: screenshotPath('gomoku-19x19-freestyle') });
    expect(app.browser.errors).toEqual([]);
  });

  it('undo against Qi goes back to the person’s last move and stops the search; hint; resign', async () => {
    await home(app.page, app.server.url);
    await newGame(15, 'renju', async (sel) => seatQi(app.page, sel, 1, 1));
    const free = async (list: string[]) => {
      for (const v of list) if ((await piece(app.page, v).count()) === 0) return v;
      throw new Error('no free point');
    };
    await clickCell(app.page, 'H8');
    await expect.poll(() => stones().count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => text(app.page, '[data-status]')).toContain('Black to move');
    const qiFirst = (await app.page.locator('svg.board .last').getAttribute('data-last'))!;
    expect(await piece(app.page, qiFirst).getAttribute('data-piece')).toBe('white');
    await clickCell(app.page, await free(['J9', 'G7', 'J7', 'G9']));
    await expect.poll(() => stones().count(), { timeout: 15_000 }).toBe(4);
    await expect.poll(() => text(app.page, '[data-status]')).toContain('Black to move');

    // Undo takes back Qi's answer and the person's move.
    await app.page.click('[data-action="undo"]');
    await expect.poll(() => stones().count()).toBe(2);
    expect(await text(app.page, '[data-status]')).toContain('Black to move');
    expect(await app.page.locator('svg.board .last').getAttribute('data-last')).toBe(qiFirst);

    // Undo while Qi thinks stops the search: no late answer appears.
    await clickCell(app.page, await free(['G9', 'J7', 'G7', 'J9']));
    expect(await stones().count()).toBe(3);
    await app.page.locator('[data-thinking]').waitFor();
    await app.page.click('[data-action="undo"]');
    await expect.poll(() => stones().count()).toBe(2);
    // The worker's search ended soon after the stop request (measured by the page).
    await expect.poll(() => app.page.locator('[data-ai]').getAttribute('data-stop-ms')).not.toBe('');
    expect(Number(await app.page.locator('[data-ai]').getAttribute('data-stop-ms'))).toBeLessThan(500);
    await app.page.waitForTimeout(1500);
    expect(await stones().count()).toBe(2);
    expect(await app.page.locator('[data-thinking]').count()).toBe(0);
    expect(await text(app.page, '[data-status]')).toContain('Black to move');

    // Redo plays the person's move again, and Qi answers it.
    await app.page.click('[data-action="redo"]');
    await expect.poll(() => stones().count(), { timeout: 15_000 }).toBe(4);
    await expect.poll(() => text(app.page, '[data-status]')).toContain('Black to move');

    // A hint is marked on the board and can be played.
    await app.page.click('[data-action="hint"]');
    await app.page.locator('[data-hint-text]').waitFor({ timeout: 15_000 });
    const hinted = (await app.page.locator('svg.board .hint').getAttribute('data-hint'))!;
    expect(await text(app.page, '[data-hint-text]')).toBe(`Qi suggests ${hinted}.`);
    await app.page.screenshot({ path: screenshotPath('gomoku-qi-hint') });
    await clickCell(app.page, hinted);
    await expect.poll(() => stones().count(), { timeout: 15_000 }).toBe(6);
    expect(await piece(app.page, hinted).getAttribute('data-piece')).toBe('black');

    // Resign (asks first), then the result.
    await expect.poll(() => text(app.page, '[data-status]')).toContain('Black to move');
    await app.page.click('[data-action="resign"]');
    await app.page.click('[data-action="confirm-resign"]');
    expect(await text(app.page, '[data-result]')).toBe('White wins by resignation');
    expect(app.browser.errors).toEqual([]);
  });

  it('SGF export then import for Gomoku', async () => {
    await home(app.page, app.server.url);
    await newGame(15, 'renju');
    const game = ['H8', 'H9', 'I8', 'I9', 'J8', 'J9', 'K8', 'K9', 'L8'];
    for (const m of game) await clickCell(app.page, m);
    await app.page.locator('[data-result]').waitFor();
    const [download] = await Promise.all([app.page.waitForEvent('download'), app.page.click('[data-action="save-record"]')]);
    expect(download.suggestedFilename()).toMatch(/^qi-gomoku-.*\.sgf$/);
    const path = (await download.path())!;
    const saved = readFileSync(path, 'utf8');
    expect(saved).toMatch(/^\(;FF\[4\]GM\[4\]/);
    expect(saved).toContain('SZ[15]');
    expect(saved).toContain('RU[renju]');
    expect(saved).toContain('RE[B+]');
    expect(saved).toContain(';B[hh]');
    expect(saved).toContain(';B[lh]');

    await home(app.page, app.server.url);
    await app.page.setInputFiles('input[data-action="open-record"]', path);
    await app.page.locator('main.play[data-game="gomoku"] svg.board[data-cells="225"]').waitFor();
    expect(await text(app.page, '[data-notice]')).toContain('9 moves');
    expect(await stones().count()).toBe(9);
    for (const [i, m] of game.entries()) expect(await piece(app.page, m).getAttribute('data-piece')).toBe(i % 2 === 0 ? 'black' : 'white');
    expect(await text(app.page, '[data-result]')).toBe('Black wins with five in a row');
    expect(await winMarks()).toEqual(['H8', 'I8', 'J8', 'K8', 'L8']);
    expect(await text(app.page, '[data-status]')).toContain('renju');
    expect(await moveButtons().count()).toBe(9);

    // A record with a forbidden move is refused, naming it.
    const forbidden = `(;FF[4]GM[4]SZ[15]RU[renju]${ORDER.map((m, i) => `;${i % 2 ? 'W' : 'B'}[${sgfPoint(m)}]`).join('')};B[${sgfPoint('L9')}])`;
    const file = join(tmpdir(), 'qi-gomoku-forbidden.sgf');
    writeFileSync(file, forbidden);
    await app.page.setInputFiles('input[data-action="open-record"]', file);
    await expect.poll(() => text(app.page, '[data-notice]')).toMatch(/L9/);
    expect(await text(app.page, '[data-notice]')).toMatch(/forbidden|overline/i);
    expect(app.browser.errors).toEqual([]);
  });

  it('reload resumes the game from IndexedDB', async () => {
    await home(app.page, app.server.url);
    await newGame(15, 'renju', async (sel) => seatQi(app.page, sel, 1, 2));
    await clickCell(app.page, 'H8');
    await expect.poll(() => stones().count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => text(app.page, '[data-status]')).toContain('Black to move');
    const before = await stones().evaluateAll((els) => els.map((e) => `${e.getAttribute('data-at')}:${e.getAttribute('data-piece')}`).sort());
    await app.page.waitForTimeout(400); // the autosave runs 250 ms after a change
    await app.page.reload();
    await app.page.locator('main.play[data-game="gomoku"] svg.board[data-cells="225"]').waitFor();
    expect(await stones().evaluateAll((els) => els.map((e) => `${e.getAttribute('data-at')}:${e.getAttribute('data-piece')}`).sort())).toEqual(before);
    expect(await text(app.page, '[data-status]')).toContain('Black to move');
    expect(await text(app.page, '[data-status]')).toContain('renju');
    expect(await moveButtons().count()).toBe(2);
    expect(await app.page.locator('[data-seat-row="1"]').innerText()).toContain('Qi level 2');
    // The person plays on and Qi answers.
    await clickCell(app.page, (await piece(app.page, 'J9').count()) === 0 ? 'J9' : 'G7');
    await expect.poll(() => stones().count(), { timeout: 15_000 }).toBe(4);
    expect(app.browser.errors).toEqual([]);
  });
});

/** A renju point (`H8`) as an SGF point on 15×15 (`hh`: SGF rows from the top). */
function sgfPoint(name: string): string {
  const col = name.charCodeAt(0) - 65;
  const row = 15 - Number(name.slice(1));
  return String.fromCharCode(97 + col) + String.fromCharCode(97 + row);
}
