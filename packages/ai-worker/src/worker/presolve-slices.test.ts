import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Bot, type BotOptions } from './bot.js';
import type { PositionSetup, Progress } from './protocol.js';

// The presolve's runner (Bot.solveRunner) cuts the solvers into slices; the solvers resume a cut-short call, so a
// think without a time limit finishes in 64-node slices what one unsliced call finishes, in at most twice its
// nodes (in fact about one node a slice more). Budgets are node counts: nothing here depends on the machine's speed.

const reversiData = new URL('../../../../../shared/data/reversi/', import.meta.url);
const gomokuData = new URL('../../../../../shared/data/gomoku/', import.meta.url);

function ffoSetup(id: number): PositionSetup {
  const [header, ...rows] = readFileSync(new URL('ffo-1-39.tsv', reversiData), 'utf8').trim().split('\n');
  const keys = header.split('\t');
  const row = rows.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [keys[i], v]))).find((r) => Number(r.id) === id);
  if (row === undefined) throw new Error(`FFO #${id} not in ffo-1-39.tsv`);
  return { game: 'reversi', start: { board: row.board, toMove: row.to_move } };
}

function vctSetup(id: string): PositionSetup {
  const line = readFileSync(new URL('renju-vct-puzzles.jsonl', gomokuData), 'utf8')
    .split('\n')
    .find((l) => l.includes(`"${id}"`));
  if (line === undefined) throw new Error(`${id} not in renju-vct-puzzles.jsonl`);
  const p = JSON.parse(line) as { black: string[]; white: string[]; toMove: 'black' | 'white' };
  return { game: 'gomoku', rules: { rule: 'renju' }, start: { black: p.black, white: p.white, toMove: p.toMove } };
}

async function think(setup: PositionSetup, options: BotOptions): Promise<Progress> {
  const bot = new Bot(options);
  bot.setPosition(setup);
  return bot.think({ depth: 2 });
}

describe('a presolve in 64-node slices finishes what one call does, within 2x its nodes', () => {
  const cases: [string, PositionSetup][] = [
    ['Reversi endgame solver, FFO #10', ffoSetup(10)],
    ['Gomoku VCF then VCT, renju puzzle lfz-08ff1e82df7c', vctSetup('lfz-08ff1e82df7c')],
  ];
  for (const [name, setup] of cases) {
    for (const shared of [true, false]) {
      it(`${name}${shared ? '' : ', no shared memory'}`, async () => {
        const whole = await think(setup, { slices: false, sharedStop: shared });
        expect(whole.reason).toBe('solved');
        const sliced = await think(setup, { solveSliceNodes: 64, sharedStop: shared });
        const factor = sliced.nodes / whole.nodes;
        console.log(`${name}: ${whole.nodes} solver nodes in one call, ${sliced.nodes} in 64-node slices (${factor.toFixed(3)}x)`);
        expect(sliced.reason).toBe('solved');
        expect(sliced.move).toBe(whole.move);
        expect(sliced.score).toBe(whole.score);
        expect(sliced.pv).toEqual(whole.pv);
        expect(factor).toBeLessThanOrEqual(2);
      });
    }
  }
});
