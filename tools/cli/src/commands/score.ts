import { parseVertex, replayGo, scoreArea, scoreTerritory, vertexToText, type Scoring } from '@qi/engine';
import { checkFlags, flagBool, flagNumber, flagString, UsageError } from '../args.js';
import type { Command } from '../command.js';
import { loadGoRecord, replayOptions, requireCleanReplay } from './replay.js';

/** `qi score FILE.sgf --rules area|territory` → the count of the final position with the dead stones given. */
export const scoreCommand: Command = {
  name: 'score',
  summary: 'count a finished Go SGF record: qi score FILE.sgf [--rules area|territory] [--komi K] [--dead V,…] [--auto-dead]',
  help: [
    'qi score FILE.sgf [--rules area|territory] [--komi K] [--dead V,V,…] [--auto-dead] [--ko …] [--suicide]',
    '  →  {"black", "white", "komi", "result", "dead", "rules", "handicapBonus"}',
    '',
    'Counts the position after the main line. area: stones + empty regions only one colour borders;',
    'territory: surrounded empty points + prisoners + dead stones, seki points to nobody.',
    '  --rules      area or territory (default: the record\'s RU when Qi knows it, else area)',
    '  --komi K     komi (default: the record\'s KM, else 7.5 for area / 6.5 for territory)',
    '  --dead V,…   dead stones as GTP vertices; each marks its whole chain',
    '  --auto-dead  let Qi estimate the dead stones instead (as qi gtp\'s final_status_list: a static estimate checked by playouts)',
    'White\'s total includes komi and the handicap bonus (area: N points for N handicap stones; territory: none).',
    'result: as SGF RE writes it (B+3.5, W+12, 0 for a draw); dead: every dead stone, top-left first.',
    '',
    'example: qi score game.sgf --rules territory --dead C3,Q16',
  ].join('\n'),
  booleans: ['auto-dead', 'suicide'],
  async run(args) {
    checkFlags(args, ['rules', 'komi', 'dead', 'auto-dead', 'ko', 'suicide']);
    if (args.positional.length > 1) throw new UsageError(`unexpected argument "${args.positional[1]}"`);
    const rulesText = flagString(args, 'rules');
    if (rulesText !== undefined && rulesText !== 'area' && rulesText !== 'territory') {
      throw new UsageError(`--rules must be area or territory, got "${rulesText}"`);
    }
    const komiFlag = flagNumber(args, 'komi');
    const deadText = flagString(args, 'dead');
    const autoDead = flagBool(args, 'auto-dead');
    if (deadText !== undefined && autoDead) throw new UsageError('give either --dead or --auto-dead, not both');
    const options = replayOptions(args);
    const record = loadGoRecord(args.positional[0]);
    const rule: Scoring = (rulesText as Scoring | undefined) ?? record.ruleSet?.scoring ?? 'area';
    const r = replayGo(record, { ...options, scoring: rule });
    requireCleanReplay(r);
    const pos = r.position;
    let dead: number[] = [];
    if (autoDead) dead = (await import('@qi/ai-worker')).deadStones(pos);
    else if (deadText !== undefined) {
      dead = deadText
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== '')
        .map((t) => {
          let v: ReturnType<typeof parseVertex>;
          try {
            v = parseVertex(pos.size, t);
          } catch (e) {
            throw new UsageError(`--dead: ${(e as Error).message}`);
          }
          if (v === 'pass') throw new UsageError('--dead: "pass" is not a stone');
          const p = pos.point(v.col, v.row);
          if (pos.stoneAt(p) === 0) throw new UsageError(`--dead: no stone at ${t.toUpperCase()}`);
          return p;
        });
    }
    const komi = komiFlag ?? record.komi ?? (rule === 'area' ? 7.5 : 6.5);
    const handicap = pos.handicap > 0 ? pos.handicap : record.handicap;
    const count = rule === 'area' ? scoreArea : scoreTerritory;
    const s = count(pos, dead, { komi, handicap });
    // the dead stones counted: whole chains, top-left first
    const chain = new Int32Array(pos.size * pos.size);
    const deadSet = new Set<number>();
    for (const p of dead) {
      const n = pos.chainStones(p, chain);
      for (let k = 0; k < n; k++) deadSet.add(chain[k]);
    }
    const deadPoints = [...deadSet].sort((a, b) => a - b).map((p) => vertexToText(pos.size, pos.col(p), pos.row(p)));
    return {
      black: s.black,
      white: s.white,
      komi: s.komi,
      result: s.result,
      dead: deadPoints,
      rules: s.rule,
      handicapBonus: s.handicapBonus,
    };
  },
};
