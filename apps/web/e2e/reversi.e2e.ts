import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUnderTest, screenshotPath } from './harness.js';
import { cell, clickCell, piece, seatQi, startGame, text } from './app.js';

const app = appUnderTest();
const tmp = mkdtempSync(join(tmpdir(), 'qi-reversi-e2e-'));

/**
 * A random but legal Othello game (found with the engine: seeded random playouts from the standard start) in which
 * White has no move after Black's A8 and must pass, then Black wins 38–26 on a full board. The record stops six
 * moves before the end: A6 F4 A8, White's forced pass, G1 H1 A4.
 */
const LINE = [
  'D3', 'C3', 'E6', 'D6', 'C5', 'E3', 'D7', 'D8', 'F2', 'F6', 'C2', 'B5', 'C4', 'F3', 'F5', 'G5', 'F7', 'D2', 'G2', 'F8',
  'C6', 'B2', 'C1', 'C7', 'E2', 'B3', 'G6', 'H2', 'A5', 'B4', 'E1', 'H7', 'B1', 'F1', 'E8', 'B7', 'G8', 'G3', 'G4', 'A2',
  'D1', 'A1', 'A7', 'B8', 'H5', 'A3', 'H3', 'G7', 'H6', 'C8', 'H8', 'H4', 'E7', 'B6',
];
/** An Othello square (`D3`) as an SGF point (`dc`: column, then row from the top). */
const sgfPoint = (name: string) => name[0].toLowerCase() + String.fromCharCode(96 + Number(name.slice(1)));
function sgfFile(name: string, moves: string[]): string {
  const body = moves.map((m, i) => `;${i % 2 === 0 ? 'B' : 'W'}[${sgfPoint(m)}]`).join('');
  const file = join(tmp, name);
  writeFileSync(file, `(;FF[4]GM[2]SZ[8]PB[Black test]PW[White test]${body})`);
  return file;
}

const status = () => text(app.page, '[data-status]');
const discs = async () => [await text(app.page, '[data-discs="black"]'), await text(app.page, '[data-discs="white"]')];
const legalDots = () => app.page.locator('svg.board .legal').evaluateAll((els) => els.map((e) => e.getAttribute('data-legal')).sort());
const colourOf = (name: string) => piece(app.page, name).getAttribute('data-piece');

/**
 * A fresh page load, then the home screen. The app shows home at once and reopens the last game when its store has
 * opened, then lists the saved games: wait for one of those before touching anything.
 */
async function home(fresh = false): Promise<void> {
  await app.page.goto(app.server.url);
  if (!fresh) await app.page.locator('main.play, .saved-list, [data-action^="resume-"]').first().waitFor({ timeout: 2000 }).catch(() => {});
  if (await app.page.locator('main.play').count()) await app.page.click('header .brand');
  await app.page.locator('[data-game-card="reversi"]').waitFor();
}

async function openRecord(file: string): Promise<void> {
  await home();
  await app.page.setInputFiles('input[data-action="open-record"]', file);
  await app.page.locator('main.play[data-game="reversi"] svg.board[data-cells="64"]').waitFor();
}

describe('the Reversi page', () => {
  it('shows legal moves, flips discs, refuses illegal moves, hints, and undoes back to the person against Qi', async () => {
    await home(true); // nothing saved yet
    await startGame(app.page, 'reversi', async (sel) => {
      await seatQi(app.page, sel, 1, 1);
      await app.page.screenshot({ path: screenshotPath('reversi-new-game') });
    });
    expect(await status()).toContain('Black to move');
    expect(await app.page.locator('svg.board .hits rect').count()).toBe(64);
    expect(await colourOf('D4')).toBe('white');
    expect(await colourOf('E4')).toBe('black');
    expect(await discs()).toEqual(['2 discs', '2 discs']);
    expect(await legalDots()).toEqual(['C4', 'D3', 'E6', 'F5']);

    // The legal dots can be hidden and shown again.
    await app.page.click('label.check:has-text("Show legal moves") input');
    expect(await app.page.locator('svg.board .legal').count()).toBe(0);
    await app.page.click('label.check:has-text("Show legal moves") input');
    expect(await legalDots()).toEqual(['C4', 'D3', 'E6', 'F5']);

    // A square that turns nothing and an occupied one are refused with the engine's reason.
    await clickCell(app.page, 'A1');
    expect(await text(app.page, '[data-notice]')).toContain('A1 turns no disc');
    await app.page.fill('input[name="move"]', 'D4');
    await app.page.press('input[name="move"]', 'Enter');
    expect(await text(app.page, '[data-notice]')).toContain('D4 is already occupied');
    expect(await status()).toContain('Black to move');

    // Qi's hint is one of the legal moves.
    await app.page.click('[data-action="hint"]');
    const hinted = await app.page.locator('svg.board .hint').getAttribute('data-hint');
    expect(['C4', 'D3', 'E6', 'F5']).toContain(hinted);

    // D3 outflanks D4: the disc turns black (drawn flipping), and the last move is marked.
    await app.page.hover(cell('D3'));
    await app.page.locator('svg.board .ghost[data-ghost="D3"]').waitFor();
    await clickCell(app.page, 'D3');
    // The board as first drawn with D3 on it, read in one turn of the page: Qi (level 1) answers soon after, and
    // on a slow machine read by read its answer could already have moved the flipped and last-move marks.
    const drawn = await app.page.waitForFunction(() => {
      const at = (name: string) => document.querySelector(`svg.board .piece[data-at="${name}"]`)?.getAttribute('data-piece') ?? null;
      if (at('D3') !== 'black') return null;
      return {
        D3: at('D3'),
        D4: at('D4'),
        flipped: [...document.querySelectorAll('svg.board .piece.flipped')].map((e) => e.getAttribute('data-at')),
        last: document.querySelector('svg.board .last')?.getAttribute('data-last') ?? null,
        announcement: document.querySelector('[data-announcement]')?.textContent ?? null,
      };
    });
    expect(await drawn.jsonValue()).toEqual({ D3: 'black', D4: 'black', flipped: ['D4'], last: 'D3', announcement: 'Black played D3.' });

    // Qi (level 1) answers; its disc flips one of Black's.
    await expect.poll(() => status(), { timeout: 15_000 }).toContain('Move 2');
    expect(await status()).toContain('Black to move');
    expect(await app.page.locator('svg.board .piece.flipped').count()).toBe(1);
    const [b, w] = await discs();
    expect([b, w]).toEqual(['3 discs', '3 discs']);
    await app.page.screenshot({ path: screenshotPath('reversi-vs-qi') });
    await app.page.setViewportSize({ width: 390, height: 844 });
    await app.page.screenshot({ path: screenshotPath('reversi-vs-qi-phone') });
    await app.page.setViewportSize({ width: 1280, height: 860 });

    // Undo takes back Qi's answer and the person's move: the start again, Black to move, and Qi does not reply.
    await app.page.click('[data-action="undo"]');
    await expect.poll(() => status()).toContain('No moves yet');
    expect(await colourOf('D4')).toBe('white');
    expect(await piece(app.page, 'D3').count()).toBe(0);
    expect(await discs()).toEqual(['2 discs', '2 discs']);
    await app.page.waitForTimeout(600);
    expect(await status()).toContain('Black to move');
    expect(await status()).toContain('No moves yet');

    // Undo while Qi is thinking stops the search and takes the person's move back too.
    await clickCell(app.page, 'F5');
    await app.page.click('[data-action="undo"]');
    await expect.poll(() => status()).toContain('No moves yet');
    await app.page.waitForTimeout(600);
    expect(await status()).toContain('No moves yet');
    expect(await app.page.locator('svg.board .piece').count()).toBe(4);

    // Resigning ends the game for Qi; undo takes the resignation back.
    await clickCell(app.page, 'F5');
    await expect.poll(() => status(), { timeout: 15_000 }).toContain('Move 2');
    await app.page.click('[data-action="resign"]');
    await app.page.click('[data-action="confirm-resign"]');
    expect(await text(app.page, '[data-result]')).toBe('White wins by resignation');
    await app.page.click('[data-action="undo"]');
    await expect.poll(() => status()).toContain('Black to move · Move 2');
    expect(app.browser.errors).toEqual([]);
  });

  it('plays a record through a forced pass to the count, steps through the moves, and fits a phone', async () => {
    await openRecord(sgfFile('before-pass.sgf', LINE));
    expect(await text(app.page, '[data-notice]')).toContain('54 moves');
    expect(await status()).toContain('Black to move · Move 54');
    expect(await app.page.locator('[data-move-list] [data-move-id]').count()).toBe(54);

    await clickCell(app.page, 'A6');
    expect(await colourOf('A6')).toBe('black');
    await clickCell(app.page, 'F4');
    expect(await colourOf('F4')).toBe('white');
    await clickCell(app.page, 'A8');
    // White has no move: the pass is played for White and announced, and Black moves again.
    await expect.poll(() => app.page.locator('[data-announcement]').textContent()).toBe('White has no move and passes.');
    expect(await status()).toContain('Black to move · Move 58');
    expect(await text(app.page, '[data-passed="white"]')).toBe('White has no move and passes.');
    const lastMove = app.page.locator('[data-move-list] [data-move-id]').last();
    expect(await lastMove.innerText()).toContain('Pass');
    // The move list keeps the current move in view.
    const [item, list] = [await lastMove.boundingBox(), await app.page.locator('[data-move-list]').boundingBox()];
    expect(item!.y + item!.height).toBeLessThanOrEqual(list!.y + list!.height + 1);
    await app.page.screenshot({ path: screenshotPath('reversi-after-pass') });
    await clickCell(app.page, 'G1');
    expect(await text(app.page, '[data-passed="white"]')).toBe('White had no move and passed.');
    await clickCell(app.page, 'H1');
    expect(await app.page.locator('[data-passed]').count()).toBe(0);
    await clickCell(app.page, 'A4');

    await expect.poll(() => text(app.page, '[data-result]')).toBe('Black wins 38–26');
    expect(await discs()).toEqual(['38 discs', '26 discs']);
    expect(await app.page.locator('svg.board .piece').count()).toBe(64);
    expect(await app.page.locator('svg.board .legal').count()).toBe(0);
    await app.page.screenshot({ path: screenshotPath('reversi-result-desktop') });

    await app.page.setViewportSize({ width: 390, height: 844 });
    const box = await app.page.locator('svg.board').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(box!.width).toBeGreaterThan(330);
    await app.page.screenshot({ path: screenshotPath('reversi-result-phone'), fullPage: true });
    await app.page.setViewportSize({ width: 1280, height: 860 });

    // The arrow keys step back through the move list and forward again.
    await app.page.locator('header .brand').focus();
    await app.page.keyboard.press('ArrowLeft');
    expect(await status()).toContain('Black to move · Move 60');
    expect(await discs()).not.toEqual(['38 discs', '26 discs']);
    await app.page.keyboard.press('ArrowLeft');
    await app.page.keyboard.press('ArrowLeft');
    expect(await status()).toContain('Black to move · Move 58');
    // Stepping back to White's forced pass stays there (the pass is not played again while the moves are reviewed).
    await app.page.keyboard.press('ArrowLeft');
    expect(await status()).toContain('White to move · Move 57');
    await app.page.waitForTimeout(700);
    expect(await status()).toContain('White to move · Move 57');
    await app.page.keyboard.press('ArrowRight');
    await app.page.keyboard.press('ArrowRight');
    await app.page.keyboard.press('ArrowRight');
    await app.page.keyboard.press('ArrowRight');
    expect(await text(app.page, '[data-result]')).toBe('Black wins 38–26');

    // The record saves the pass and the result.
    const [download] = await Promise.all([app.page.waitForEvent('download'), app.page.click('[data-action="save-record"]')]);
    expect(download.suggestedFilename()).toMatch(/^qi-reversi-.*\.sgf$/);
    const saved = readFileSync((await download.path())!, 'utf8');
    expect(saved).toMatch(/GM\[2\]/);
    expect(saved).toContain('RE[B+12]');
    expect(saved).toMatch(/;W\[(tt)?\];B\[ga\]/);

    // 中文
    await app.page.click('[data-action="language"]');
    expect(await text(app.page, '[data-result]')).toBe('黑方胜，38–26');
    expect(await text(app.page, '[data-discs="white"]')).toBe('26 子');
    await app.page.click('[data-action="language"]');
    expect(await text(app.page, '[data-result]')).toBe('Black wins 38–26');
    expect(app.browser.errors).toEqual([]);
  });

  it('saves an SGF record and opens it again', async () => {
    await openRecord(sgfFile('short.sgf', LINE.slice(0, 10)));
    await clickCell(app.page, 'C2');
    expect(await status()).toContain('White to move · Move 11');
    const before = await app.page.locator('[data-position]').textContent();
    const [download] = await Promise.all([app.page.waitForEvent('download'), app.page.click('[data-action="save-record"]')]);
    const file = join(tmp, 'saved.sgf');
    writeFileSync(file, readFileSync((await download.path())!));
    const saved = readFileSync(file, 'utf8');
    expect(saved).toMatch(/^\(;FF\[4\]GM\[2\]/);
    expect(saved).toContain(';B[cb]');

    await openRecord(file);
    expect(await text(app.page, '[data-notice]')).toContain('11 moves');
    expect(await status()).toContain('White to move · Move 11');
    expect(await app.page.locator('[data-position]').textContent()).toBe(before);
    expect(await colourOf('C2')).toBe('black');
    expect(await app.page.locator('svg.board .last').getAttribute('data-last')).toBe('C2');

    // Another move at move 11 makes a branch; the move list offers both.
    await app.page.locator('header .brand').focus();
    await app.page.keyboard.press('ArrowLeft');
    expect(await status()).toContain('Black to move · Move 10');
    const other = (await legalDots()).find((m) => m !== 'C2')!;
    await clickCell(app.page, other);
    expect(await app.page.locator('[data-move-list] [data-move-id]').last().innerText()).toContain(other);
    await app.page.locator('header .brand').focus(); // the board, focused by the click, keeps the arrows for its cursor
    await app.page.keyboard.press('ArrowLeft');
    const branches = await app.page.locator('[data-branch]').allInnerTexts();
    expect(branches.sort()).toEqual(['C2', other].sort());
    await app.page.click('[data-branch]:text-is("C2")');
    expect(await app.page.locator('[data-position]').textContent()).toBe(before);
    expect(app.browser.errors).toEqual([]);
  });

  it('resumes the game from IndexedDB after a reload', async () => {
    await home();
    await startGame(app.page, 'reversi', (sel) => seatQi(app.page, sel, 1, 2));
    await clickCell(app.page, 'E6');
    await expect.poll(() => status(), { timeout: 15_000 }).toContain('Move 2');
    await clickCell(app.page, (await legalDots())[0]!);
    await expect.poll(() => status(), { timeout: 15_000 }).toContain('Move 4');
    const board = await app.page.locator('[data-position]').textContent();
    const counts = await discs();
    await app.page.waitForTimeout(400); // the autosave runs 250 ms after a change
    await app.page.reload();
    await app.page.locator('main.play[data-game="reversi"] svg.board').waitFor();
    expect(await status()).toContain('Black to move · Move 4');
    expect(await app.page.locator('[data-position]').textContent()).toBe(board);
    expect(await discs()).toEqual(counts);
    expect(await app.page.locator('[data-move-list] [data-move-id]').count()).toBe(4);
    expect(await text(app.page, '[data-seat-row="1"]')).toContain('Qi');
    expect(await app.page.locator('svg.board .legal').count()).toBeGreaterThan(0);

    // A new game from the play screen starts from the four discs.
    await startGame(app.page, 'reversi', async () => {}, true);
    expect(await status()).toContain('Black to move · No moves yet');
    expect(await app.page.locator('svg.board .piece').count()).toBe(4);
    expect(app.browser.errors).toEqual([]);
  });

  it('lets Qi play Qi to the end at full speed, with pause and resume', async () => {
    await home();
    await startGame(app.page, 'reversi', async (sel) => {
      await seatQi(app.page, sel, 0, 1);
      await seatQi(app.page, sel, 1, 2);
    });
    await expect.poll(() => app.page.locator('[data-move-list] [data-move-id]').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await app.page.click('[data-action="pause"]');
    await app.page.locator('[data-action="resume"]').waitFor();
    const paused = await app.page.locator('[data-move-list] [data-move-id]').count();
    await app.page.waitForTimeout(800);
    expect(await app.page.locator('[data-move-list] [data-move-id]').count()).toBe(paused);
    // Full speed: no wait between Qi's moves.
    await app.page.locator('.speed input[type="range"]').evaluate((el: HTMLInputElement) => {
      el.value = el.max;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await app.page.click('[data-action="resume"]');
    await app.page.locator('[data-result]').waitFor({ timeout: 40_000 });
    const [b, w] = (await discs()).map((d) => Number(d.split(' ')[0]));
    const result = await text(app.page, '[data-result]');
    if (b === w) expect(result).toBe(`Draw, ${b}–${w}`);
    else expect(result).toBe(`${b > w ? 'Black' : 'White'} wins ${b}–${w}`);
    await app.page.screenshot({ path: screenshotPath('reversi-qi-vs-qi') });
    expect(app.browser.errors).toEqual([]);
  });
});
