import { describe, expect, it } from 'vitest';
import { format } from '../../i18n.js';
import { gameUi } from '../../games/index.js';
import { findToken, readTokens, saveToken } from './tokens.js';
import { clockText, refusalMessage, resultMessage } from './words.js';

describe('online wording', () => {
  it('words results the way the local game does, in both languages', () => {
    const go = gameUi('go');
    expect(format('en', resultMessage(go, { returns: [-1, 1], reason: 'resign', seat: 0, code: 'W+R' }, 2, null))).toBe('White wins by resignation');
    expect(format('zh', resultMessage(go, { returns: [1, -1], reason: 'time', seat: 1, code: 'B+T' }, 2, null))).toBe('黑方超时胜');
    expect(format('en', resultMessage(go, { returns: [1, -1], reason: 'rules', code: 'B+3.5' }, 2, null))).toBe('Black wins by 3.5 points');
    expect(format('en', resultMessage(go, { returns: [-1, 1], reason: 'abandon', seat: 0 }, 2, null))).toBe('White wins: Black left');
    const checkers = gameUi('checkers');
    expect(format('en', resultMessage(checkers, { returns: [-1, 1, -1], reason: 'rules' }, 3, null))).toBe('Blue wins');
    expect(format('en', resultMessage(checkers, { returns: [0, 0], reason: 'rules' }, 2, null))).toBe('Draw');
    // Chinese Checkers has no resignation: the player left the game (not Go's 中盘胜).
    expect(format('en', resultMessage(checkers, { returns: [1, -1], reason: 'resign', seat: 1 }, 2, null))).toBe('Red wins: Blue left the game');
    expect(format('zh', resultMessage(checkers, { returns: [1, -1], reason: 'resign', seat: 1 }, 2, null))).toBe('红方胜（蓝方退出对局）');
  });

  it('says what was refused and the server’s reason; a dropped action in its own words', () => {
    expect(format('en', refusalMessage({ kind: 'move', code: 'illegal', reason: 'suicide' }))).toBe('Move refused: suicide');
    expect(format('zh', refusalMessage({ kind: 'move', code: 'not-your-turn', reason: 'it is White’s turn' }))).toBe('着法被拒绝：it is White’s turn');
    expect(format('en', refusalMessage({ kind: 'chat', code: 'dropped', reason: 'x' }))).toMatch(/connection dropped/);
  });

  it('shows clocks as m:ss rounded up', () => {
    expect(clockText(0)).toBe('0:00');
    expect(clockText(1)).toBe('0:01');
    expect(clockText(59_001)).toBe('1:00');
    expect(clockText(3_600_000 + 61_000)).toBe('1:01:01');
    expect(clockText(-5)).toBe('0:00');
  });
});

describe('seat tokens', () => {
  it('keeps tokens by room id, finds them by code, survives bad storage', () => {
    const m = new Map<string, string>();
    const storage = { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
    saveToken('Room1', { token: 't1', seat: 1, code: 'ABCDEF' }, storage);
    expect(findToken('Room1', storage)).toEqual({ room: 'Room1', token: 't1', seat: 1, code: 'ABCDEF' });
    expect(findToken('abcdef', storage)?.room).toBe('Room1');
    expect(findToken('other', storage)).toBeNull();
    m.set('qi.online.tokens', '{"x":{"token":5},"y":{"token":"ok","seat":0}}');
    expect(readTokens(storage)).toEqual({ y: { token: 'ok', seat: 0 } });
    m.set('qi.online.tokens', 'not json');
    expect(readTokens(storage)).toEqual({});
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    expect(readTokens(refusing)).toEqual({});
    expect(() => saveToken('r', { token: 't', seat: 0 }, refusing)).not.toThrow();
  });
});
