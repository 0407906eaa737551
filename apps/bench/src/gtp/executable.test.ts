import { describe, expect, it } from 'vitest';
import { requireGRhino, grhinoPath, DEFAULT_GRHINO } from './grhino.js';
import { programPath, requireProgram } from './executable.js';

const FAKE = { name: 'Fake Engine', envVar: 'QI_FAKE', defaultPath: '/nonexistent/fake-engine', debianPackage: 'fake-engine' };

describe('outside programs', () => {
  it('takes the environment variable over the Debian path, ignoring a blank one', () => {
    expect(programPath(FAKE, {})).toBe('/nonexistent/fake-engine');
    expect(programPath(FAKE, { QI_FAKE: '  ' })).toBe('/nonexistent/fake-engine');
    expect(programPath(FAKE, { QI_FAKE: ' /opt/fake ' })).toBe('/opt/fake');
    expect(grhinoPath({})).toBe(DEFAULT_GRHINO);
  });

  it('names the program and the install command when it is missing or not a file', () => {
    expect(() => requireProgram(FAKE, {})).toThrow('Fake Engine not found at /nonexistent/fake-engine: install it with `apt-get install fake-engine`');
    expect(() => requireProgram(FAKE, { QI_FAKE: '/tmp' })).toThrow(/Fake Engine not found at \/tmp/);
    expect(() => requireGRhino({ QI_GRHINO: '/nonexistent/gtp-rhino' })).toThrow('`apt-get install grhino`');
  });

  it('returns the path of an executable file', () => {
    expect(requireProgram(FAKE, { QI_FAKE: process.execPath })).toBe(process.execPath);
  });
});
