import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appUnderTest, screenshotPath } from './harness.js';
import { cell, clickCell, home, piece, seatQi, startGame, text } from './app.js';

const app = appUnderTest();

const click = (hole: string) => clickCell(app.page, hole);
/** The holes marked as destinations of the selected piece, sorted. */
const destinations = async () => (await app.page.locator('svg.board .destination').evaluateAll((els) => els.map((e) => e.getAttribute('data-destination')!))).sort();
/** The hole of the selected piece, or null (without waiting). */
const selectedHole = () => app.page.locator('svg.board .selected').evaluateAll((els) => els[0]?.getAttribute('data-selected') ?? null);
const position = () => app.page.locator('[data-position]').evaluate((e) => e.textContent ?? '');
const ply = async () => Number(/Move (\d+)/.exec(await text(app.page, '[data-status]'))?.[1] ?? 0);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 860 };

async function newGame(board: 'star' | 'square8', players: number, more: (sel: (n: string) => string) => Promise<void> = async () => {}): Promise<void> {
  await startGame(app.page, 'checkers', async (sel) => {
    await app.page.selectOption(sel('board'), board);
    await app.page.selectOption(sel('players'), String(players));
    await app.page.selectOption(sel('clock'), 'none');
    // The form remembers the last game's seats: every seat a person unless `more` says otherwise.
    for (let p = 0; p < players; p++) await app.page.click(`${sel(`seat-${p}`)}[value="human"]`, { force: true });
    await more(sel);
  });
}

/**
 * Plays one move for the person whose colour is `colour`: the foremost piece (towards `ahead`, -1 up the screen) with
 * a destination that gains ground, to its farthest destination. Returns the move as `from-to`.
 */
async function advance(colour: string, ahead = -1): Promise<string> {
  const pieces = await app.page.locator(`svg.board .piece[data-piece="${colour}"] circle.body`).evaluateAll((els) =>
    els.map((e) => ({ at: e.closest('.piece')!.getAttribute('data-at')!, y: Number(e.getAttribute('cy')) })),
  );
  // Foremost first, so the pieces race ahead.
  pieces.sort((a, b) => (a.y - b.y) * -ahead);
  let fallback: { from: string; to: string } | null = null;
  for (const p of pieces) {
    await click(p.at);
    // A piece that cannot move is refused and the selection stays where it was.
    if ((await selectedHole()) !== p.at) continue;
    const marks = await app.page.locator('svg.board .destination').evaluateAll((els) => els.map((e) => ({ at: e.getAttribute('data-destination')!, y: Number(e.getAttribute('cy')) })));
    if (marks.length === 0) continue;
    marks.sort((a, b) => (a.y - b.y) * -ahead);
    const best = marks[0];
    if ((p.y - best.y) * -ahead > 0.1) {
      await click(best.at);
      return `${p.at}-${best.at}`;
    }
    fallback ??= { from: p.at, to: marks[0].at };
  }
  if (!fallback) throw new Error(`no move for ${colour} (${await text(app.page, '[data-status]')}; ${await app.page.locator('[data-notice]').count() ? await text(app.page, '[data-notice]') : ''}; ${JSON.stringify(pieces)})`);
  if ((await selectedHole()) !== fallback.from) await click(fallback.from);
  await click(fallback.to);
  return `${fallback.from}-${fallback.to}`;
}

describe('the Chinese Checkers page', () => {
  it('selects, switches, refuses, animates a chained hop, undoes, hints, saves and opens the record, resumes after reload', async () => {
    await home(app.page, app.server.url);
    await newGame('star', 2);
    expect(await app.page.locator('svg.board .hits rect').count()).toBe(121);
    expect(await app.page.locator('svg.board .piece[data-piece="red"]').count()).toBe(10);
    expect(await app.page.locator('svg.board .piece[data-piece="blue"]').count()).toBe(10);
    expect(await text(app.page, '[data-status]')).toContain('Red to move');
    expect(await text(app.page, '[data-home="0"]')).toBe('0 of 10 home');

    // Selecting a piece marks every hole it reaches; another own piece switches the selection.
    await click('n1');
    expect(await app.page.locator('svg.board .selected').getAttribute('data-selected')).toBe('n1');
    expect(await destinations()).toEqual(['m5', 'm6']);
    await click('o1');
    expect(await app.page.locator('svg.board .selected').getAttribute('data-selected')).toBe('o1');
    expect(await destinations()).toEqual(['m5', 'm7']);
    // A hole it cannot reach is refused with the reason, and nothing moves; a piece that cannot move says so.
    await click('i5');
    expect(await text(app.page, '[data-notice]')).toBe('i5 cannot be reached from o1: choose a marked hole.');
    await click('q1');
    expect(await text(app.page, '[data-notice]')).toBe('The piece on q1 cannot move now.');
    expect(await app.page.locator('svg.board .piece').count()).toBe(20);

    // Red n1-m6, Blue c1-e5, then Red's chained hop o3-m7-m5 (two jumps), drawn and animated jump by jump.
    await click('n1');
    await click('m6');
    await expect.poll(() => app.page.locator('svg.board .path.last').getAttribute('data-path')).toBe('n1-m6');
    expect(await piece(app.page, 'm6').getAttribute('data-piece')).toBe('red');
    expect(await text(app.page, '[data-status]')).toContain('Blue to move');
    await click('c1');
    await click('e5');
    await click('o3');
    expect(await destinations()).toEqual(['m5', 'm7', 'm9']);
    // Record where the hopping marble is drawn on every frame of the animation.
    await app.page.evaluate(() => {
      const w = window as unknown as { hopTrail: { x: number; y: number }[] };
      w.hopTrail = [];
      const svg = document.querySelector('svg.board')!;
      const note = () => {
        const c = svg.querySelector('circle.hopping');
        if (c) w.hopTrail.push({ x: Number(c.getAttribute('cx')), y: Number(c.getAttribute('cy')) });
      };
      new MutationObserver(note).observe(svg, { subtree: true, childList: true, attributes: true, attributeFilter: ['cx', 'cy'] });
    });
    await click('m5');
    await expect.poll(() => app.page.locator('svg.board .path.last').getAttribute('data-path')).toBe('o3-m7-m5');
    await expect.poll(() => app.page.locator('svg.board circle.hopping').count()).toBe(0);
    expect(await piece(app.page, 'm5').getAttribute('data-piece')).toBe('red');
    expect(await piece(app.page, 'm5').getAttribute('class')).not.toContain('hidden');
    expect(await piece(app.page, 'o3').count()).toBe(0);
    const at = async (hole: string) => {
      const r = app.page.locator(cell(hole));
      const [x, y, w] = await Promise.all(['x', 'y', 'width'].map(async (a) => Number(await r.getAttribute(a))));
      return { x: x + w / 2, y: y + w / 2 };
    };
    const [o3, m7, m5] = await Promise.all([at('o3'), at('m7'), at('m5')]);
    const trail = await app.page.evaluate(() => (window as unknown as { hopTrail: { x: number; y: number }[] }).hopTrail);
    // Frames on the first jump (o3 up to m7) and on the second (m7 along the row to m5), in that order.
    const first = trail.findIndex((p) => p.y < o3.y - 0.05 && p.y > m7.y + 0.05);
    const second = trail.findIndex((p) => Math.abs(p.y - m7.y) < 1e-6 && p.x < m7.x - 0.05 && p.x > m5.x + 0.05);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(second).toBeGreaterThan(first);
    expect(await app.page.locator('[data-announcement]').textContent()).toBe('Red moved o3-m7-m5.');
    expect(await text(app.page, '[data-move-list] li:last-child')).toContain('o3-m7-m5');
    await click('e5');
    await app.page.locator('svg.board .selected[data-selected="e5"]').waitFor();
    await app.page.screenshot({ path: screenshotPath('checkers-2p-desktop') });
    await app.page.setViewportSize(PHONE);
    const box = await app.page.locator('svg.board').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(box!.width).toBeGreaterThan(330);
    await app.page.screenshot({ path: screenshotPath('checkers-2p-phone') });
    await app.page.setViewportSize(DESKTOP);
    await click('e5');

    // Undo takes the hop back, redo plays it again.
    await app.page.click('[data-action="undo"]');
    await expect.poll(() => piece(app.page, 'o3').count()).toBe(1);
    expect(await piece(app.page, 'm5').count()).toBe(0);
    expect(await text(app.page, '[data-status]')).toContain('Red to move');
    await app.page.click('[data-action="redo"]');
    await expect.poll(() => piece(app.page, 'm5').count()).toBe(1);
    expect(await text(app.page, '[data-status]')).toContain('Blue to move');

    // Qi's hint for Blue: named, and its path drawn.
    await app.page.click('[data-action="hint"]');
    await app.page.locator('[data-hint-text]').waitFor({ timeout: 20_000 });
    const hinted = /([a-q]\d+(?:-[a-q]\d+)+)/.exec(await text(app.page, '[data-hint-text]'))![1].split('-');
    expect(await app.page.locator('svg.board .path.hint').getAttribute('data-path')).toBe(hinted.join('-'));
    expect(await app.page.locator('svg.board g.hint').getAttribute('data-hint')).toBe(hinted[hinted.length - 1]);
    expect(await piece(app.page, hinted[0]).getAttribute('data-piece')).toBe('blue');
    await app.page.screenshot({ path: screenshotPath('checkers-2p-hint') });
    // A typed move is checked like a click.
    await app.page.fill('input[name="move"]', 'e5-i5');
    await app.page.press('input[name="move"]', 'Enter');
    expect(await text(app.page, '[data-notice]')).toBe('i5 cannot be reached from e5: choose a marked hole.');
    expect(await text(app.page, '[data-status]')).toContain('Blue to move');

    // The JSON record: saved, then opened from the home screen to the same position.
    const before = await position();
    const [download] = await Promise.all([app.page.waitForEvent('download'), app.page.click('[data-action="save-record"]')]);
    expect(download.suggestedFilename()).toMatch(/^qi-checkers-.*\.json$/);
    const saved = readFileSync((await download.path())!, 'utf8');
    const record = JSON.parse(saved) as { format: string; rules: { board: string; players: number }; moves: string[] };
    expect(record.format).toBe('qi-checkers');
    expect(record.rules).toMatchObject({ board: 'star', players: 2 });
    expect(record.moves).toEqual(['n1-m6', 'c1-e5', 'o3-m7-m5']);
    const file = join(mkdtempSync(join(tmpdir(), 'qi-checkers-')), 'game.json');
    writeFileSync(file, saved);
    await app.page.click('header .brand');
    await app.page.setInputFiles('input[data-action="open-record"]', file);
    await app.page.locator('main.play[data-game="checkers"] svg.board').waitFor();
    expect(await text(app.page, '[data-notice]')).toBe('Opened game.json: 3 moves.');
    expect(await position()).toBe(before);
    expect(await app.page.locator('svg.board .path.last').getAttribute('data-path')).toBe('o3-m7-m5');

    // A reload resumes the opened game from IndexedDB.
    await app.page.waitForTimeout(400); // the autosave runs 250 ms after a change
    await app.page.reload();
    await app.page.locator('main.play[data-game="checkers"] svg.board').waitFor();
    expect(await position()).toBe(before);
    expect(await text(app.page, '[data-status]')).toContain('Blue to move');
    expect(await app.page.locator('[data-move-list] [data-move-id]').count()).toBe(3);
    expect(app.browser.errors).toEqual([]);
  });

  it('plays three players against two Qi seats, undoes against Qi, leaves, and watches Qi vs Qi', async () => {
    await home(app.page, app.server.url);
    await newGame('star', 3, async (sel) => {
      await seatQi(app.page, sel, 1, 1);
      await seatQi(app.page, sel, 2, 1);
    });
    expect(await app.page.locator('svg.board .piece').count()).toBe(30);
    const redTurn = async (n: number) => {
      await expect.poll(() => ply(), { timeout: 20_000 }).toBe(n);
      await app.page.locator('[data-to-move="0"]').waitFor();
    };
    let moves = 0;
    for (let turn = 0; turn < 10; turn++) {
      await redTurn(moves);
      await advance('red');
      moves += 3;
    }
    await redTurn(moves);
    expect(await app.page.locator('[data-move-list] [data-move-id]').count()).toBe(30);
    await app.page.locator('svg.board circle.hopping').waitFor({ state: 'detached' });
    await app.page.screenshot({ path: screenshotPath('checkers-3p-desktop') });

    // Undo on Red's turn goes back over both Qi moves to Red's last move.
    const earlier = await position();
    await app.page.click('[data-action="undo"]');
    await redTurn(moves - 3);
    expect(await position()).not.toBe(earlier);
    moves -= 3;
    // Undo while Qi answers stops it: back to Red's turn, and no late answer lands.
    const now = await position();
    await advance('red');
    await app.page.click('[data-action="undo"]');
    await redTurn(moves);
    expect(await position()).toBe(now);
    await app.page.waitForTimeout(800);
    expect(await ply()).toBe(moves);
    expect(await app.page.locator('[data-thinking]').count()).toBe(0);

    // Leaving is a move: on Qi's turn it is refused with the reason.
    await advance('red');
    await app.page.click('[data-action="resign"]');
    await app.page.click('[data-action="confirm-resign"]');
    expect(await text(app.page, '[data-notice]')).toContain('leaves on their own turn');
    moves += 3;
    await redTurn(moves);

    // Red leaves: the pieces stay, Red is marked as left and skipped; Qi plays on, and can be paused.
    await app.page.click('[data-action="resign"]');
    expect(await text(app.page, '.confirm')).toContain('Red leaves the game?');
    await app.page.click('[data-action="confirm-resign"]');
    await expect.poll(() => text(app.page, '[data-move-list] li:last-child')).toContain('leave');
    expect(await text(app.page, '.checkers-panel [data-player="0"]')).toContain('left');
    expect(await app.page.locator('svg.board .piece[data-piece="red"]').count()).toBe(10);
    await app.page.locator('input[name="speed"]').fill('2000'); // fastest
    await expect.poll(() => ply(), { timeout: 20_000 }).toBeGreaterThanOrEqual(moves + 5);
    const after = await app.page.locator('[data-move-list] [data-move-id] .piece-icon').evaluateAll((els) => els.slice(-4).map((e) => e.className));
    expect(after.some((c) => /\bp0\b/.test(c))).toBe(false);
    await app.page.click('[data-action="pause"]');
    await app.page.locator('[data-action="resume"]').waitFor();
    const paused = await ply();
    await app.page.waitForTimeout(700);
    expect(await ply()).toBe(paused);
    expect(await app.page.locator('[data-to-move="0"]').count()).toBe(0);
    await app.page.click('[data-action="resume"]');
    await expect.poll(() => ply(), { timeout: 20_000 }).toBeGreaterThan(paused);
    await app.page.click('[data-action="pause"]');
    expect(app.browser.errors).toEqual([]);
  });

  it('puts a player whose flag falls out of a 3-player game, and the others play on', async () => {
    await home(app.page, app.server.url);
    // Byo-yomi without base time: one period of 2 s per move.
    await newGame('star', 3, async (sel) => {
      await app.page.selectOption(sel('clock'), 'byoyomi');
      await app.page.fill(sel('clock-base'), '0');
      await app.page.fill(sel('clock-periods'), '1');
      await app.page.fill(sel('clock-period'), '2');
    });
    await click('n1');
    await click('m6');
    await expect.poll(() => text(app.page, '[data-status]')).toContain('Blue to move');
    expect(await app.page.locator('[data-clock="1"]').count()).toBe(1);
    // Blue does not move: out on time, the pieces stay, Green is to move.
    await expect.poll(() => text(app.page, '.checkers-panel [data-player="1"]'), { timeout: 10_000 }).toContain('left');
    expect(await text(app.page, '[data-status]')).toContain('Green to move');
    expect(await text(app.page, '[data-move-list] li:last-child')).toContain('leave');
    expect(await app.page.locator('svg.board .piece[data-piece="blue"]').count()).toBe(10);
    await advance('green', 1);
    await expect.poll(() => text(app.page, '[data-status]')).toContain('Red to move');
    expect(await app.page.locator('[data-result]').count()).toBe(0);
    expect(app.browser.errors).toEqual([]);
  });

  it('draws the six-player star and the 8×8 board on a desktop and a phone', async () => {
    await home(app.page, app.server.url);
    await newGame('star', 6);
    expect(await app.page.locator('svg.board .piece').count()).toBe(60);
    const colours = ['red', 'blue', 'green', 'yellow', 'purple', 'orange'];
    for (const c of colours) expect(await app.page.locator(`svg.board .piece[data-piece="${c}"]`).count()).toBe(10);
    // Player 0 at the bottom moves up; the others, one move each.
    await advance('red');
    await advance('blue', -1);
    await advance('green', 1);
    await advance('yellow', 1);
    await advance('purple', 1);
    await advance('orange', -1);
    await app.page.locator('[data-to-move="0"]').waitFor();
    expect(app.browser.errors).toEqual([]);
    await app.page.locator('svg.board .piece[data-piece="red"][data-at="n4"]').waitFor();
    await click('n4');
    await app.page.locator('svg.board circle.hopping').waitFor({ state: 'detached' });
    await app.page.screenshot({ path: screenshotPath('checkers-6p-desktop') });
    await app.page.setViewportSize(PHONE);
    await app.page.screenshot({ path: screenshotPath('checkers-6p-phone') });
    await app.page.setViewportSize(DESKTOP);

    // 中文
    await app.page.click('[data-action="language"]');
    expect(await text(app.page, '[data-status]')).toContain('轮到红方');
    expect(await text(app.page, '[data-home="3"]')).toBe('到达 0/10');
    await app.page.click('[data-action="language"]');

    await newGame('star', 4);
    expect(await app.page.locator('svg.board .piece').count()).toBe(40);
    for (const c of colours.slice(0, 4)) expect(await app.page.locator(`svg.board .piece[data-piece="${c}"]`).count()).toBe(10);
    expect(app.browser.errors).toEqual([]);
    await newGame('square8', 2);
    expect(app.browser.errors).toEqual([]);
    expect(await app.page.locator('svg.board .hits rect').count()).toBe(64);
    expect(await app.page.locator('svg.board .piece[data-piece="red"]').count()).toBe(24);
    await advance('red');
    await advance('blue', 1);
    const red = await app.page.locator('svg.board .piece[data-piece="red"]').first().getAttribute('data-at');
    await click(red!);
    await app.page.locator('svg.board circle.hopping').waitFor({ state: 'detached' });
    await app.page.screenshot({ path: screenshotPath('checkers-8x8-desktop') });
    await app.page.setViewportSize(PHONE);
    await app.page.screenshot({ path: screenshotPath('checkers-8x8-phone') });
    await app.page.setViewportSize(DESKTOP);
    expect(app.browser.errors).toEqual([]);
  });
});
