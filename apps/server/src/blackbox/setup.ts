/** Shared set-up of the black-box tests: a two-player room with two real clients, and a few moves played in it. */
import type { Rng } from '@qi/engine';
import type { ClockSpec, RoomGame, RoomSnapshot } from '@qi/protocol';
import { TestClient, type ClientOptions } from '../testing/client.js';
import { LocalGame } from '../testing/games.js';

/** One acknowledged move: who made it, its ack id, the version of its event, its text. */
export interface AckedMove {
  seat: number;
  ack: string;
  version: number;
  move: string;
}

/** A room being played by two test clients. */
export interface TwoPlayerGame {
  room: string;
  code: string;
  game: RoomGame;
  /** The clients at seat 0 and seat 1. */
  players: [TestClient, TestClient];
  local: LocalGame;
  acked: AckedMove[];
}

/** Creates a room of `game` (seat 0 creates, seat 1 joins; each at its own address if two are given) and waits until it is playing. */
export async function startGame(
  url: string | [string, string],
  game: RoomGame,
  rules: object,
  options: { clock?: ClockSpec | null; client?: ClientOptions; names?: [string, string]; start?: object; listed?: boolean } = {},
): Promise<TwoPlayerGame> {
  const [n0, n1] = options.names ?? [`${game}-0`, `${game}-1`];
  const [u0, u1] = typeof url === 'string' ? [url, url] : url;
  const a = await TestClient.connect(u0, { ...options.client, name: n0 });
  const { created } = await a.create({
    game,
    rules,
    ...(options.start === undefined ? {} : { start: options.start }),
    seats: [{ kind: 'human' }, { kind: 'human' }],
    clock: options.clock ?? null,
    listed: options.listed ?? false,
    name: n0,
    seat: 0,
  });
  const b = await TestClient.connect(u1, { ...options.client, name: n1 });
  const joined = await b.join(created.room, { seat: 1, name: n1 });
  if (joined.seat !== 1 || joined.token === null) throw new Error(`joining seat 1 of ${created.room} gave seat ${joined.seat}, token ${joined.token}`);
  for (const c of [a, b]) await c.waitUntil(() => c.rooms.get(created.room)?.status === 'playing', `room ${created.room} is playing`);
  const snapshot = b.rooms.get(created.room)!.snapshot as RoomSnapshot;
  return { room: created.room, code: created.code, game, players: [a, b], local: new LocalGame({ ...snapshot, moves: b.rooms.get(created.room)!.moves }), acked: [] };
}

/** Plays one random legal move by the seat to move; resolves once both clients have its event. */
export async function playRandom(g: TwoPlayerGame, rng: Rng): Promise<AckedMove> {
  const move = g.local.randomMove(rng);
  if (move === null) throw new Error(`${g.game} ${g.room}: the game is over, no move to play`);
  const seat = g.local.toMove();
  const c = g.players[seat];
  const ack = c.ackId();
  const a = await c.move(g.room, move, undefined, ack);
  if (!a.ok) throw new Error(`${g.game} ${g.room}: the legal move ${move} of seat ${seat} was refused: ${a.code} (${a.reason})`);
  g.local.play(move);
  for (const p of g.players) await p.waitVersion(g.room, a.version);
  const m = { seat, ack, version: a.version, move };
  g.acked.push(m);
  return m;
}

/** Closes both clients. */
export async function closeGame(g: TwoPlayerGame): Promise<void> {
  await Promise.all(g.players.map((p) => p.close()));
}
