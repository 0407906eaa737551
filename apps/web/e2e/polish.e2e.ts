import { describe, expect, it } from 'vitest';
import { appUnderTest, screenshotPath } from './harness.js';
import { home } from './app.js';

const app = appUnderTest();

const pieces = () => app.page.locator('svg.board .piece:not(.variation)');

describe('settings and keyboard play', () => {
  it('plays a short Gomoku game with the keyboard only (buttons, the board cursor, the move box)', async () => {
    await home(app.page, app.server.url);
    await app.page.focus('[data-action="new-gomoku"]');
    await app.page.keyboard.press('Enter');
    await app.page.focus('form.new-game[data-game="gomoku"] [data-action="start"]');
    await app.page.keyboard.press('Enter');
    await app.page.locator('main.play[data-game="gomoku"] svg.board').waitFor();
    // The board's cursor starts at the centre (H8): Enter plays there; arrows move it.
    await app.page.focus('svg.board');
    await app.page.keyboard.press('Enter');
    await app.page.keyboard.press('ArrowUp');
    await app.page.keyboard.press('Enter');
    await app.page.keyboard.press('ArrowRight');
    await app.page.keyboard.press('Enter');
    await expect.poll(() => pieces().count()).toBe(3);
    expect(await app.page.locator('svg.board .piece[data-at="H8"]').getAttribute('data-piece')).toBe('black');
    expect(await app.page.locator('svg.board .piece[data-at="H9"]').getAttribute('data-piece')).toBe('white');
    expect(await app.page.locator('svg.board .piece[data-at="I9"]').getAttribute('data-piece')).toBe('black');
    // The cursor is described for screen readers, the move announced.
    await expect.poll(() => app.page.locator('#board-cursor').textContent()).toBe('Cursor I9: black stone.');
    expect(await app.page.locator('[data-announcement]').textContent()).toBe('Black played I9.');
    // A typed move, then undo by the keyboard.
    await app.page.focus('input[name="move"]');
    await app.page.keyboard.type('a1');
    await app.page.keyboard.press('Enter');
    await expect.poll(() => pieces().count()).toBe(4);
    await app.page.focus('[data-action="undo"]');
    await app.page.keyboard.press('Enter');
    await expect.poll(() => pieces().count()).toBe(3);
    expect(app.browser.errors).toEqual([]);
  });

  it('applies the dark theme, a high-contrast board and move numbers, and remembers them', async () => {
    await app.page.click('[data-action="settings"]');
    await app.page.selectOption('select[name="theme"]', 'dark');
    await app.page.selectOption('select[name="board-theme"]', 'contrast');
    await app.page.check('input[name="move-numbers"]');
    expect(await app.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const bg = await app.page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(bg).toBe('rgb(28, 26, 23)');
    expect(await app.page.locator('svg.board').getAttribute('class')).toContain('theme-contrast');
    expect(await app.page.locator('svg.board .piece[data-at="H9"] text').textContent()).toBe('2');
    await app.page.screenshot({ path: screenshotPath('polish-dark-contrast') });
    await app.page.waitForTimeout(300);
    await app.page.reload();
    await app.page.locator('main.play svg.board').waitFor();
    expect(await app.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await app.page.locator('svg.board').getAttribute('class')).toContain('theme-contrast');
    await app.page.click('[data-action="settings"]');
    await app.page.selectOption('select[name="theme"]', 'system');
    expect(await app.page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
    expect(app.browser.errors).toEqual([]);
  });
});
