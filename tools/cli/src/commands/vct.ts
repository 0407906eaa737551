import { solveVct } from '@qi/ai-worker';
import { flagInt } from '../args.js';
import type { Command } from '../command.js';
import { COMMON_HELP, runThreatSearch } from './vcf.js';

/** `qi vct …` like `qi vcf`, with threes and VCF threats as attacks. */
export const vctCommand: Command = {
  name: 'vct',
  summary: 'victory by continuous threats (fours and threes) for the side to move: qi vct --rule … --black … --white …',
  help: [
    'qi vct [options] [--threat-depth N]  →  {"win": …, "line": […], "nodes": N, "ms": T, "aborted": false}',
    '',
    'Searches a win by fours and threats: a threat is a move after which the attacker, moving again, would win',
    'by a VCF of at most --threat-depth fours (default 2; 1 = threes, four-threes and four-four threats only).',
    'The defender may answer a threat on the threat line, with a four of its own, or with a counter-four set up',
    'in advance; the line shown follows the longest defence.',
    ...COMMON_HELP,
    '',
    'example: qi vct --rule renju --black H10,H9,J9,H8,I7 --white I11,I9,G8,J8,H7 --to-move black --max-depth 4',
  ].join('\n'),
  run(args) {
    const threatDepth = flagInt(args, 'threat-depth', 1, 10, 2)!;
    return runThreatSearch(args, ['threat-depth'], (pos, maxDepth, maxNodes) => solveVct(pos, { maxDepth, maxNodes, threatDepth }));
  },
};
