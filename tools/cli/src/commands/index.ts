import type { Command } from '../command.js';
import { perftCommand } from './perft.js';

/** Every `qi` command, in the order `qi --help` lists them. */
export const commands: readonly Command[] = [perftCommand];
