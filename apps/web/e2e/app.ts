import type { Page } from 'playwright-core';

/**
 * Shared steps of the browser tests, by the app's own data attributes: the board's cells by their names in the
 * game's notation, pieces by the cell they stand on, the home screen's game cards and the new-game form.
 */

/** The hit area of a cell (click it to play there). */
export const cell = (name: string) => `svg.board .hits rect[data-name="${name}"]`;

/** The piece standing on a cell (its `data-piece` is the colour: black, white, red, blue …). */
export const piece = (page: Page, name: string) => page.locator(`svg.board .piece[data-at="${name}"]`);

/** Clicks a cell of the board. */
export const clickCell = (page: Page, name: string) => page.click(cell(name));

/** The visible text of the first element matching a selector. */
export const text = (page: Page, selector: string) => page.locator(selector).first().innerText();

/** Opens the home screen (a fresh page load, then home when the app reopened a game) and waits for the game cards. */
export async function home(page: Page, url: string): Promise<void> {
  await page.goto(url);
  // A reload reopens the game that was on screen (once the store is open: data-ready); the logo leads home from there.
  await page.locator('.app[data-ready="true"]').waitFor();
  await page.locator('[data-game-card="go"], main.play').first().waitFor();
  if (await page.locator('main.play').count()) await page.click('header .brand');
  await page.locator('[data-game-card="go"]').waitFor();
}

/**
 * Starts a game from the home screen (or, with `fromPlay`, from the play screen's New game button): `form` fills
 * the new-game form (selects by name) before Start.
 */
export async function startGame(page: Page, game: string, form: (sel: (name: string) => string) => Promise<void> = async () => {}, fromPlay = false): Promise<void> {
  if (fromPlay) await page.click('[data-action="new-game"]');
  else {
    if (!(await page.locator('[data-game-card="go"]').isVisible())) await page.click('header .brand');
    await page.click(`[data-action="new-${game}"]`);
  }
  const f = `form.new-game[data-game="${game}"]`;
  await page.locator(f).waitFor();
  await form((name) => `${f} [name="${name}"]`);
  await page.click(`${f} [data-action="start"]`);
  await page.locator(`main.play[data-game="${game}"] svg.board`).waitFor();
  await page.locator(f).waitFor({ state: 'detached' });
}

/** Seats Qi at a level for a player in the new-game form. */
export async function seatQi(page: Page, sel: (name: string) => string, player: number, level: number): Promise<void> {
  await page.click(`${sel(`seat-${player}`)}[value="qi"]`, { force: true });
  await page.selectOption(sel(`level-${player}`), String(level));
}
