/**
 * A short game of each of the four games, to the end, between two real WebSocket clients on an in-process server:
 * every move judged by the engine, broadcast with its version, and the end worded by the rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckersPosition, gameDefinition, MAX_MOVES } from '@qi/engine';
import type { ResultView } from '@qi/protocol';
import { startServer, type RunningServer } from './index.js';
import { TestClient, twoPlayers } from './testkit/ws-client.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, qi: null, log: () => {} });
});
afterAll(async () => {
  await server.close();
});

/** Plays `moves` alternately (seat 0 first), each acknowledged and seen by both; returns the end's result. */
async function play(clients: TestClient[], room: string, version: number, moves: string[], first = 0): Promise<ResultView> {
  let v = version;
  for (let i = 0; i < moves.length; i++) {
    const c = clients[(i + first) % clients.length];
    const ack = await c.act({ t: 'move', room, version: v, move: moves[i] });
    expect(ack, `move ${i + 1} ${moves[i]}`).toMatchObject({ ok: true, version: v + 1 });
    for (const w of clients) expect((await w.event(room, v + 1)).event).toMatchObject({ kind: 'move', move: moves[i] });
    v++;
  }
  const end = await clients[0].event(room, v + 1);
  await clients[1].event(room, v + 1);
  if (end.event.kind !== 'end') throw new Error(`expected the end, got ${end.event.kind}`);
  return end.event.result;
}

/** Moves of a whole game chosen by the engine (the first legal move each time), in the game's notation. */
function engineGame(game: 'reversi', rules: object = {}): string[] {
  const pos = gameDefinition(game).create(rules);
  const buf = new Int32Array(MAX_MOVES);
  const out: string[] = [];
  while (!pos.isTerminal()) {
    pos.legalMoves(buf);
    out.push(pos.moveToText(buf[0]));
    pos.play(buf[0]);
  }
  return out;
}

describe('a short game of each game, to the end', () => {
  it('Go on 5x5 ends after two passes with a count', async () => {
    const [a, b] = [await TestClient.open(server.url), await TestClient.open(server.url)];
    const { room, version } = await twoPlayers(a, b, 'go', { rules: { size: 5, komi: 0.5 } });
    const result = await play([a, b], room, version, ['C3', 'pass', 'pass']);
    expect(result).toEqual({ returns: [1, -1], reason: 'rules', code: 'B+24.5', dead: [] });
    await Promise.all([a.close(), b.close()]);
  });

  it('Go counts a lone stone in the opponent’s area as dead (Qi’s dead-stone policy), not as the board stands', async () => {
    const [a, b] = [await TestClient.open(server.url), await TestClient.open(server.url)];
    const { room, version } = await twoPlayers(a, b, 'go', { rules: { size: 5, komi: 0.5 } });
    // Counted with A1 alive the game would be B+0.5; with A1 dead Black has the whole board.
    const result = await play([a, b], room, version, ['C3', 'A1', 'B2', 'pass', 'pass']);
    // The dead stone travels with the result, for every client's board to mark.
    expect(result).toEqual({ returns: [1, -1], reason: 'rules', code: 'B+24.5', dead: ['A1'] });
    await Promise.all([a.close(), b.close()]);
  });

  it('Gomoku (freestyle) ends with five in a row', async () => {
    const [a, b] = [await TestClient.open(server.url), await TestClient.open(server.url)];
    const { room, version } = await twoPlayers(a, b, 'gomoku', { rules: { rule: 'freestyle' } });
    const result = await play([a, b], room, version, ['H8', 'A1', 'H9', 'A2', 'H10', 'A3', 'H11', 'A4', 'H12']);
    expect(result).toMatchObject({ returns: [1, -1], reason: 'rules' });
    await Promise.all([a.close(), b.close()]);
  });

  it('Reversi played to the last disc', async () => {
    const [a, b] = [await TestClient.open(server.url), await TestClient.open(server.url)];
    const { room, version } = await twoPlayers(a, b, 'reversi');
    const moves = engineGame('reversi');
    // Reversi does not alternate strictly (forced passes are moves too), so each move goes to the side to move.
    const pos = gameDefinition('reversi').create({});
    let v = version;
    for (const m of moves) {
      const c = [a, b][pos.currentPlayer()];
      expect(await c.act({ t: 'move', room, version: v, move: m })).toMatchObject({ ok: true, version: ++v });
      pos.play(pos.parseMove(m));
    }
    const end = await b.eventOf(room, 'end');
    const out = new Float64Array(2);
    pos.returns(out);
    expect(end.event).toMatchObject({ kind: 'end', result: { returns: [...out], reason: 'rules' } });
    await Promise.all([a.close(), b.close()]);
  });

  it('Chinese Checkers from a set position ends when a player fills its goal', async () => {
    const start = { pieces: [['a1', 'b1', 'b2', 'c2', 'c3', 'd1', 'd2', 'd3', 'd4', 'e5'], ['n2', 'n3', 'n4', 'o1', 'o2', 'o3', 'p1', 'p2', 'q1']], toMove: 0 };
    const pos = gameDefinition('checkers').create({ players: 2 }, start) as CheckersPosition;
    const path = pos.moveToText(pos.parseMove('e5-c1'));
    const [a, b] = [await TestClient.open(server.url), await TestClient.open(server.url)];
    const { room, version } = await twoPlayers(a, b, 'checkers', { rules: { players: 2 }, start });
    const result = await play([a, b], room, version, [path]);
    expect(result).toMatchObject({ returns: [1, -1], reason: 'rules' });
    await Promise.all([a.close(), b.close()]);
  });
});
