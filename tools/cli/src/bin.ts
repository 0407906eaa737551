#!/usr/bin/env node
import { runCli } from './main.js';

runCli(process.argv.slice(2), (line) => process.stdout.write(line + '\n')).then((code) => {
  process.exitCode = code;
});
