import { describe, expect, it } from 'vitest';
import { gnugoPlayoutsPerCpuSecond } from './gnugo-mc.js';

describe("GNU Go's Monte-Carlo yardstick", () => {
  it('reads more CPU time for more simulations (the rate is measured, not assumed)', async () => {
    const r = await gnugoPlayoutsPerCpuSecond(100, 2_100);
    console.log(`GNU Go Monte-Carlo: ${Math.round(r.rate)} simulations per CPU-second (${r.lowCpu.toFixed(2)} → ${r.highCpu.toFixed(2)} CPU-s)`);
    expect(r.simulations).toBe(3 * 10 * 2_000);
    expect(r.highCpu).toBeGreaterThan(r.lowCpu);
    expect(r.rate).toBeGreaterThan(0);
  });
});
