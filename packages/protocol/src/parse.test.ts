import { describe, expect, it } from 'vitest';
import { cleanText, DEFAULT_LIMITS, parseClientMessage, parseServerMessage, utf8Length } from './index.js';

const refused = (raw: string) => {
  const p = parseClientMessage(raw);
  if (p.ok) throw new Error(`accepted ${raw}`);
  return p;
};

describe('parseClientMessage', () => {
  it('reads every kind of message', () => {
    const ok = [
      { t: 'hello', protocol: 1 },
      { t: 'ping', id: 3, clientTime: 1700000000000 },
      { t: 'lobby', watch: true },
      { t: 'create', req: 1, game: 'go', rules: { size: 9 }, seats: [{ kind: 'human' }, { kind: 'qi', level: 5 }], clock: { initialMs: 60000, incrementMs: 2000 }, listed: true, name: '李', seat: 0 },
      { t: 'join', req: 2, room: 'abc_D-9', token: 'T0k3n', since: 4 },
      { t: 'join', req: 2, room: 'abc', seat: 1, name: 'Ann' },
      { t: 'leave', room: 'abc' },
      { t: 'move', room: 'abc', ack: 'a1', version: 7, move: 'D4' },
      { t: 'resign', room: 'abc', ack: 'a2' },
      { t: 'takeback', room: 'abc', ack: 'a3', version: 7, op: 'offer' },
      { t: 'chat', room: 'abc', ack: 'a4', text: 'gg <b>' },
    ];
    for (const m of ok) expect(parseClientMessage(JSON.stringify(m))).toEqual({ ok: true, message: m });
  });

  it('refuses malformed frames with a reason, keeping the ack id or req it could read', () => {
    expect(refused('{').code).toBe('malformed');
    expect(refused('[1]').code).toBe('malformed');
    expect(refused('null').code).toBe('malformed');
    expect(refused('{"t":"nope"}')).toMatchObject({ code: 'unknown-type', reason: 'unknown message type "nope"' });
    expect(refused('{}').code).toBe('unknown-type');
    expect(refused('{"t":"move","room":"r","ack":"x1","version":-1,"move":"D4"}')).toMatchObject({ code: 'malformed', ack: 'x1' });
    expect(refused('{"t":"move","room":"r","ack":"x1","version":1.5,"move":"D4"}').reason).toMatch(/version/);
    expect(refused('{"t":"move","room":"r r","ack":"x1","version":1,"move":"D4"}').reason).toMatch(/room/);
    expect(refused('{"t":"move","room":"r","ack":"x1","version":1,"move":"D4","extra":1}').reason).toMatch(/extra/);
    expect(refused('{"t":"join","req":5,"room":"r","token":"t","seat":1}')).toMatchObject({ req: 5 });
    expect(refused('{"t":"create","req":1,"game":"chess","seats":[],"clock":null,"listed":true,"name":"a","seat":0}').reason).toMatch(/game/);
    expect(refused('{"t":"create","req":1,"game":"go","seats":[{"kind":"qi","level":11},{"kind":"human"}],"clock":null,"listed":true,"name":"a","seat":1}').reason).toMatch(/level/);
    expect(refused('{"t":"create","req":1,"game":"go","seats":[{"kind":"qi","level":1},{"kind":"human"}],"clock":null,"listed":true,"name":"a","seat":0}').reason).toMatch(/human seat/);
    expect(refused('{"t":"takeback","room":"r","ack":"a","version":1,"op":"steal"}').reason).toMatch(/op/);
    expect(refused(`{"t":"chat","room":"r","ack":"a","text":"${'x'.repeat(DEFAULT_LIMITS.maxChatLength + 1)}"}`).reason).toMatch(/longer/);
  });

  it('refuses an oversized frame before parsing it, and deep rules', () => {
    expect(refused(JSON.stringify({ t: 'chat', pad: 'é'.repeat(DEFAULT_LIMITS.maxMessageBytes / 2) })).code).toBe('too-large');
    let deep: unknown = 1;
    for (let i = 0; i < 20; i++) deep = [deep];
    expect(refused(JSON.stringify({ t: 'create', req: 1, game: 'go', rules: deep, seats: [{ kind: 'human' }, { kind: 'human' }], clock: null, listed: false, name: 'a', seat: 0 })).reason).toMatch(/deep/);
  });
});

describe('helpers', () => {
  it('counts UTF-8 bytes without Buffer', () => {
    for (const s of ['', 'abc', '棋', 'é', '😀x', '\ud800']) expect(utf8Length(s)).toBe(Buffer.byteLength(s, 'utf8'));
  });
  it('cleans names and chat', () => {
    expect(cleanText('  a\u0000b\n\n c\u202e  ', 10)).toBe('a b c');
    expect(cleanText('棋'.repeat(30), 24)).toBe('棋'.repeat(24));
  });
  it('reads only known server messages', () => {
    expect(parseServerMessage('{"t":"pong","id":1,"clientTime":1,"serverTime":2}')).toMatchObject({ t: 'pong' });
    expect(parseServerMessage('{"t":"weird"}')).toBeNull();
    expect(parseServerMessage('nope')).toBeNull();
  });
});
