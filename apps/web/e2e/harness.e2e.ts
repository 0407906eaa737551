import { afterEach, describe, expect, it } from 'vitest';
import { launchChromium } from './harness.js';

describe('the browser harness', () => {
  const saved = process.env.QI_CHROMIUM;
  afterEach(() => {
    if (saved === undefined) delete process.env.QI_CHROMIUM;
    else process.env.QI_CHROMIUM = saved;
  });

  it('fails with the install command, never skips, when Chromium is missing', async () => {
    process.env.QI_CHROMIUM = '/nonexistent/qi/chromium';
    await expect(launchChromium()).rejects.toThrow(
      'Chromium not found at /nonexistent/qi/chromium: install it with `apt-get install chromium` (see README prerequisites)',
    );
  });
});
