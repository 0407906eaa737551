#!/usr/bin/env node
import { runCli } from './main.js';

// pbrain-qi: the Gomocup manager runs brains by a pbrain-* name; this is `qi piskvork` under that name.
runCli(['piskvork', ...process.argv.slice(2)], (line) => process.stdout.write(line + '\n')).then((code) => {
  process.exitCode = code;
});
