/**
 * GNU Go as the referee of a Go game: it replays every move (refusing illegal ones) and gives the final score
 * under Chinese rules with `final_score`, which judges dead stones — needed because GNU Go (and Qi) pass with
 * dead stones still on the board.
 */
import { GtpClient, GtpFailure } from '../gtp/client.js';

/** A GNU Go referee process, reused across games. */
export class GoReferee {
  private client: GtpClient | null = null;
  private known = 0;

  constructor(private readonly executable: string) {}

  private ensure(): GtpClient {
    if (this.client === null || !this.client.alive) {
      this.client = GtpClient.start(this.executable, ['--mode', 'gtp', '--chinese-rules', '--positional-superko'], {
        name: 'referee',
        commandTimeoutMs: 60_000,
      });
    }
    return this.client;
  }

  /** Starts a game of `size` with `komi`. */
  async newGame(size: number, komi: number): Promise<void> {
    await this.ensure().sendAll([`boardsize ${size}`, `komi ${komi}`, 'clear_board']);
    this.known = 0;
  }

  /** Plays the next move (GTP vertex or pass); resolves with null, or the referee's reason when it is illegal. */
  async play(colour: 'B' | 'W', vertex: string): Promise<string | null> {
    try {
      await this.ensure().send(`play ${colour} ${vertex}`);
      this.known++;
      return null;
    } catch (e) {
      if (e instanceof GtpFailure) return e.reason;
      throw e;
    }
  }

  /** GNU Go's final score of the game so far ('B+3.5', 'W+0.5', '0'). */
  async finalScore(): Promise<string> {
    const text = (await this.ensure().send('final_score', 120_000)).trim();
    return text === '0' ? '0' : text;
  }

  /** Moves the referee has accepted in this game. */
  get moves(): number {
    return this.known;
  }

  /** Stops the process. */
  async close(): Promise<void> {
    await this.client?.close();
    this.client = null;
  }
}
