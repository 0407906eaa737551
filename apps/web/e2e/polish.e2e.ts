import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, screenshotPath, serveDist } from './harness.js';
import { home } from './app.js';

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

const pieces = () => page.locator('svg.board .piece:not(.variation)');

describe('settings and keyboard play', () => {
  it('plays a short Gomoku game with the keyboard only (buttons, the board cursor, the move box)', async () => {
    await home(page, server.url);
    await page.focus('[data-action="new-gomoku"]');
    await page.keyboard.press('Enter');
    await page.focus('form.new-game[data-game="gomoku"] [data-action="start"]');
    await page.keyboard.press('Enter');
    await page.locator('main.play[data-game="gomoku"] svg.board').waitFor();
    // The board's cursor starts at the centre (H8): Enter plays there; arrows move it.
    await page.focus('svg.board');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => pieces().count()).toBe(3);
    expect(await page.locator('svg.board .piece[data-at="H8"]').getAttribute('data-piece')).toBe('black');
    expect(await page.locator('svg.board .piece[data-at="H9"]').getAttribute('data-piece')).toBe('white');
    expect(await page.locator('svg.board .piece[data-at="I9"]').getAttribute('data-piece')).toBe('black');
    // The cursor is described for screen readers, the move announced.
    await expect.poll(() => page.locator('#board-cursor').textContent()).toBe('Cursor I9: black stone.');
    expect(await page.locator('[data-announcement]').textContent()).toBe('Black played I9.');
    // A typed move, then undo by the keyboard.
    await page.focus('input[name="move"]');
    await page.keyboard.type('a1');
    await page.keyboard.press('Enter');
    await expect.poll(() => pieces().count()).toBe(4);
    await page.focus('[data-action="undo"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => pieces().count()).toBe(3);
    expect(browser.errors).toEqual([]);
  });

  it('applies the dark theme, a high-contrast board and move numbers, and remembers them', async () => {
    await page.click('[data-action="settings"]');
    await page.selectOption('select[name="theme"]', 'dark');
    await page.selectOption('select[name="board-theme"]', 'contrast');
    await page.check('input[name="move-numbers"]');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const bg = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(bg).toBe('rgb(28, 26, 23)');
    expect(await page.locator('svg.board').getAttribute('class')).toContain('theme-contrast');
    expect(await page.locator('svg.board .piece[data-at="H9"] text').textContent()).toBe('2');
    await page.screenshot({ path: screenshotPath('polish-dark-contrast') });
    await page.waitForTimeout(300);
    await page.reload();
    await page.locator('main.play svg.board').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.locator('svg.board').getAttribute('class')).toContain('theme-contrast');
    await page.click('[data-action="settings"]');
    await page.selectOption('select[name="theme"]', 'system');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
    expect(browser.errors).toEqual([]);
  });
});
