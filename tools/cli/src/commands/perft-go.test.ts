import { describe, expect, it } from 'vitest';
import { runCli } from '../main.js';

async function run(argv: string[]): Promise<{ code: number; out: Record<string, unknown> }> {
  const lines: string[] = [];
  const code = await runCli(argv, (l) => lines.push(l));
  return { code, out: JSON.parse(lines.join('')) as Record<string, unknown> };
}

describe('qi perft go', () => {
  it('counts the Go tree by size, ko rule and suicide', async () => {
    expect((await run(['perft', 'go', '--size', '3', '--depth', '3'])).out.nodes).toBe(739);
    expect((await run(['perft', 'go', '--size', '2', '--depth', '10', '--ko', 'positional'])).out.nodes).toBe(9273);
    expect((await run(['perft', 'go', '--size', '2', '--depth', '10', '--ko', 'situational', '--suicide'])).out.nodes).toBe(15073);
  });

  it('rejects bad flags with a JSON error', async () => {
    const bad = await run(['perft', 'go', '--size', '30', '--depth', '1']);
    expect(bad.code).not.toBe(0);
    expect(String(bad.out.error)).toMatch(/size/);
    const ko = await run(['perft', 'go', '--size', '5', '--depth', '1', '--ko', 'japanese']);
    expect(String(ko.out.error)).toMatch(/--ko must be/);
  });
});
