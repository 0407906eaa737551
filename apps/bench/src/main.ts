import { formatTable, runCases } from './runner.js';
import { suites } from './suites/index.js';

const usage = `usage: pnpm bench <command> [options]

commands:
  profile [--game G] [--filter TEXT] [--time S]   micro-benchmarks (ops/s ± error) of the hot paths
  targets [--game G] [--quick]                     the speed targets of the engine issues, measured and judged

Run on a quiet machine: both cores busy with other work halves the numbers.`;

function option(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const game = option(rest, 'game');
  const chosen = suites.filter((s) => game === undefined || s.game === game);
  if (game !== undefined && chosen.length === 0) {
    console.error(`no bench suite for game "${game}" (known: ${suites.map((s) => s.game).join(', ')})`);
    return 2;
  }
  if (command === 'profile') {
    const filter = option(rest, 'filter');
    const time = Number(option(rest, 'time') ?? 2);
    const cases = chosen.flatMap((s) => s.profile()).filter((c) => filter === undefined || c.name.includes(filter));
    const results = runCases(cases, time, (r) => console.error(`  ${r.name}: ${Math.round(r.hz).toLocaleString('en-US')} ${r.unit}/s ±${r.rme.toFixed(1)}%`));
    console.log(formatTable(results));
    return 0;
  }
  if (command === 'targets') {
    const quick = rest.includes('--quick');
    let failed = 0;
    for (const s of chosen) {
      for (const t of s.targets()) {
        const r = await t.run(quick);
        const verdict = r.met === null ? 'smoke' : r.met ? 'met' : 'MISSED';
        console.log(`${verdict.padEnd(6)}  ${t.name}: ${r.measured}`);
        for (const d of r.details ?? []) console.log(`        ${d}`);
        if (r.met === false) failed++;
      }
    }
    return failed > 0 && !quick ? 1 : 0;
  }
  console.log(usage);
  return command === undefined || command === '--help' ? 0 : 2;
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
