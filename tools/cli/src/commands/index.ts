import type { Command } from '../command.js';
import { legalCommand } from './legal.js';
import { perftCommand } from './perft.js';
import { replayCommand } from './replay.js';
import { scoreCommand } from './score.js';

/** Every `qi` command, in the order `qi --help` lists them. */
export const commands: readonly Command[] = [perftCommand, replayCommand, legalCommand, scoreCommand];
