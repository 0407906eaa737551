import { describe, expect, it } from 'vitest';
import { parseArgs, parseColor, UsageError } from './args.js';
import { commands } from './commands/index.js';
import { runCli } from './main.js';

async function cli(...argv: string[]): Promise<{ code: number; out: unknown[] }> {
  const lines: string[] = [];
  const code = await runCli(argv, (l) => lines.push(l));
  return { code, out: lines.map((l) => JSON.parse(l)) };
}

describe('qi CLI frame', () => {
  it('prints an overview listing every command', async () => {
    const { code, out } = await cli('--help');
    expect(code).toBe(0);
    const help = (out[0] as { help: string }).help;
    for (const name of ['perft', 'replay', 'legal', 'score', 'solve', 'forbidden', 'vcf', 'vct', 'think', 'gtp', 'piskvork']) {
      expect(help).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
    }
  });

  it('gives every command a summary and a help text that starts with its synopsis and has an example', async () => {
    for (const c of commands) {
      expect(c.summary, c.name).toMatch(new RegExp(`qi ${c.name}\\b`));
      const { code, out } = await cli('help', c.name);
      expect(code).toBe(0);
      const help = (out[0] as { help: string }).help;
      expect(help.startsWith(`qi ${c.name}`), c.name).toBe(true);
      expect(help, c.name).toMatch(new RegExp(`example: .*qi ${c.name}\\b`));
    }
  });

  it('refuses bad flags of the protocol engines before starting them', async () => {
    expect((await cli('gtp', '--level', '0')).out[0]).toEqual({ error: '--level must be between 1 and 10, got 0' });
    expect((await cli('piskvork', '--speed', '3')).out[0]).toEqual({ error: 'unknown option --speed' });
  });

  it('answers an unknown command with a JSON error and status 1', async () => {
    const { code, out } = await cli('frobnicate');
    expect(code).toBe(1);
    expect(out).toEqual([{ error: 'unknown command "frobnicate" (try qi --help)' }]);
  });

  it('rejects unknown options and missing values by name', async () => {
    expect((await cli('perft', 'go', '--depth')).out[0]).toEqual({ error: '--depth needs a value' });
    const r = await cli('perft', 'go', '--depht', '2');
    expect(r.code).toBe(1);
    expect((r.out[0] as { error: string }).error).toMatch(/--depht/);
  });

  it('gives per-command help', async () => {
    const { code, out } = await cli('perft', '--help');
    expect(code).toBe(0);
    expect((out[0] as { help: string }).help).toMatch(/qi perft GAME --depth D/);
  });
});

describe('argument helpers', () => {
  it('parses flags in both spellings and refuses repeats', () => {
    const a = parseArgs(['x', '--depth', '3', '--ko=simple', '--suicide'], new Set(['suicide']));
    expect(a.positional).toEqual(['x']);
    expect(a.flags.get('depth')).toBe('3');
    expect(a.flags.get('ko')).toBe('simple');
    expect(a.flags.get('suicide')).toBe(true);
    expect(() => parseArgs(['--a', '1', '--a', '2'], new Set())).toThrow(UsageError);
  });

  it('accepts colours in any case and names the bad one', () => {
    expect(parseColor('B')).toBe(0);
    expect(parseColor('White')).toBe(1);
    expect(parseColor('w')).toBe(1);
    expect(() => parseColor('red')).toThrow(/"red" is not a colour/);
  });
});
