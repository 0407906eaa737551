import type { Command } from '../command.js';
import { forbiddenCommand } from './forbidden.js';
import { gtpCommand } from './gtp.js';
import { legalCommand } from './legal.js';
import { perftCommand } from './perft.js';
import { piskvorkCommand } from './piskvork.js';
import { replayCommand } from './replay.js';
import { scoreCommand } from './score.js';
import { solveCommand } from './solve.js';
import { thinkCommand } from './think.js';
import { vcfCommand } from './vcf.js';
import { vctCommand } from './vct.js';

/** Every `qi` command, in the order `qi --help` lists them. */
export const commands: readonly Command[] = [perftCommand, replayCommand, legalCommand, scoreCommand, solveCommand, forbiddenCommand, vcfCommand, vctCommand, thinkCommand, gtpCommand, piskvorkCommand];
