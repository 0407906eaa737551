import { describe, expect, it } from 'vitest';
import { CHECKERS_LEAVE } from '@qi/engine';
import { gameUi } from '../games/index.js';
import { moveWords } from './move-words.js';

describe('move list words', () => {
  it('words a pass and a Chinese Checkers leave in the reader language, keeps other moves as the engine writes them', () => {
    const checkers = gameUi('checkers');
    const go = gameUi('go');
    expect(moveWords('zh', checkers, CHECKERS_LEAVE, 'leave')).toBe('退出');
    expect(moveWords('en', checkers, CHECKERS_LEAVE, 'leave')).toBe('leaves');
    expect(moveWords('zh', go, -1, 'pass')).toBe('停一手');
    expect(moveWords('en', go, -1, 'pass')).toBe('Pass');
    expect(moveWords('zh', go, 40, 'E5')).toBe('E5');
    expect(moveWords('zh', checkers, 1234, 'a1-b2')).toBe('a1-b2');
  });
});
