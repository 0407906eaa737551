import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Vitest global setup of every package: the run's temporary files (each `mkdtemp` under `os.tmpdir()`, in the tests
 * and in the engines, servers and browsers they start, which inherit TMPDIR) go into one folder of this run, removed
 * when the run ends, so test runs stop piling folders into /tmp. The folder is open to every user and sticky, as /tmp
 * is: the PostgreSQL tests run initdb as the postgres user, which must reach its data folder inside.
 */
export default function setup(): () => void {
  const before = process.env.TMPDIR;
  const dir = mkdtempSync(join(tmpdir(), 'qi-test-'));
  chmodSync(dir, 0o1777);
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true });
  };
}
