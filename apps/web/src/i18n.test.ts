import { describe, expect, it } from 'vitest';
import { dictionaries, englishParts, format, initialLang, rememberLang, translate, type MessageKey } from './i18n.js';

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

describe('i18n dictionaries', () => {
  it('has every key in both languages, non-empty, with the same placeholders', () => {
    const en = Object.keys(dictionaries.en).sort();
    const zh = Object.keys(dictionaries.zh).sort();
    expect(zh).toEqual(en);
    expect(en.length).toBeGreaterThan(50);
    for (const key of en as MessageKey[]) {
      expect(dictionaries.en[key].trim(), `en ${key}`).not.toBe('');
      expect(dictionaries.zh[key].trim(), `zh ${key}`).not.toBe('');
      expect(placeholders(dictionaries.zh[key]), `placeholders of ${key}`).toEqual(placeholders(dictionaries.en[key]));
    }
  });

  it('no key is defined by two parts (the later one would silently replace the other everywhere)', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const [part, strings] of Object.entries(englishParts)) {
      for (const key of Object.keys(strings)) {
        const first = owner.get(key);
        if (first !== undefined) clashes.push(`${key}: ${first} and ${part}`);
        else owner.set(key, part);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('really translates: Chinese strings that name the game use Chinese characters', () => {
    for (const key of ['black', 'white', 'pass', 'undo', 'resign', 'newGame', 'illegalSuicide', 'illegalKo'] as const) {
      expect(dictionaries.zh[key]).toMatch(/[\u4e00-\u9fff]/);
      expect(dictionaries.en[key]).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('fills placeholders and leaves a missing one visible', () => {
    expect(translate('en', 'moveNumber', { n: 12 })).toBe('Move 12');
    expect(translate('zh', 'moveNumber', { n: 12 })).toBe('第 12 手');
    expect(translate('en', 'moveNumber')).toBe('Move {n}');
  });

  it('formats messages whose parameters name other keys', () => {
    const m = { key: 'playedMoveCaptured', params: { color: '@white', point: 'D4', n: 2 } } as const;
    expect(format('en', m)).toBe('White played D4 and captured 2.');
    expect(format('zh', m)).toBe('白方下在 D4，提 2 子。');
    expect(format('en', { key: 'illegalNotAMove', params: { text: '@x' } })).toContain('“@x”');
  });

  it('starts in the remembered language, else the browser one, else English', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(initialLang(storage, ['zh-CN', 'en'])).toBe('zh');
    expect(initialLang(storage, ['fr-FR', 'en-GB'])).toBe('en');
    expect(initialLang(storage, ['fr-FR'])).toBe('en');
    expect(initialLang(null, ['zh-TW'])).toBe('zh');
    rememberLang(storage, 'en');
    expect(initialLang(storage, ['zh-CN'])).toBe('en');
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    expect(initialLang(broken, ['zh'])).toBe('zh');
    expect(() => rememberLang(broken, 'zh')).not.toThrow();
  });
});
