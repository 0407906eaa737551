import { PASS } from '../core/game.js';
import { SgfError } from '../sgf/error.js';
import { SgfNode } from '../sgf/node.js';
import { parseSgf, type SgfParseOptions } from '../sgf/parse.js';
import { expandPointList, parsePoint, pointText } from '../sgf/point.js';
import { writeSgf } from '../sgf/write.js';
import { GoPosition, type IllegalReason } from './position.js';
import type { KoRule, Scoring } from './rules.js';
import { vertexToText } from './vertex.js';

/** A board point in SGF orientation: column 0 at the left, row 0 at the top. */
export interface GoVertex {
  col: number;
  row: number;
}

/** A setup edit (AB/AW/AE): the stone a point gets, 0 empty, 1 black, 2 white. */
export interface GoSetupStone extends GoVertex {
  stone: 0 | 1 | 2;
}

/** One node of a Go record's main line. */
export interface GoRecordNode {
  /** The move of the node (B or W), `vertex` null for a pass. */
  move?: { color: 0 | 1; vertex: GoVertex | null };
  /** Setup stones of the node (applied before its move), in AE, AB, AW order. */
  setup: GoSetupStone[];
  /** PL: who is to move next (0 black, 1 white). */
  toPlay?: 0 | 1;
  /** C, decoded. */
  comment?: string;
  /** Where the node starts in the file (0 for records built in code). */
  line: number;
  column: number;
}

/** What RU says about the rules, when Qi recognises the rule set. */
export interface GoRuleSet {
  scoring: Scoring;
  ko: KoRule;
  suicide: boolean;
}

/** A Go game as SGF carries it: game information and the main line. */
export interface GoRecord {
  size: number;
  /** KM, when present and numeric. */
  komi?: number;
  /** HA (0 when absent). */
  handicap: number;
  /** RU as written. */
  rulesText?: string;
  /** The rule set RU names (Chinese/AGA/New Zealand/Tromp-Taylor/Ing → area, Japanese/Korean → territory). */
  ruleSet?: GoRuleSet;
  /** RE as written ('B+3.5', 'W+Resign', '0' …). */
  result?: string;
  black: { name?: string; rank?: string };
  white: { name?: string; rank?: string };
  /** DT, EV, GN, PC. */
  date?: string;
  event?: string;
  gameName?: string;
  place?: string;
  /** The root node and the main line after it (nodes[0] is the root: its setup holds handicap stones). */
  nodes: GoRecordNode[];
}

/** The first illegal move met in a replay. */
export interface GoReplayError {
  /** 1-based number of the move among the main line's moves (passes count). */
  move: number;
  color: 'black' | 'white';
  /** GTP vertex ('D4') or 'pass'. */
  vertex: string;
  reason: Exclude<IllegalReason, null> | 'game over';
}

/** The outcome of replaying a record's main line. */
export interface GoReplay {
  position: GoPosition;
  /** Setup stones placed (AB/AW, handicap included). */
  setup: number;
  /** Moves played (passes included), up to the first illegal one. */
  moves: number;
  /** The first illegal move, if any (the replay stops there). */
  errors: GoReplayError[];
}

/** Options of a replay: the ko rule and suicide to judge moves by, plus counting rules for the position. */
export interface GoReplayOptions {
  ko?: KoRule;
  suicide?: boolean;
  scoring?: Scoring;
  /** Komi for the position (default: KM when it is a multiple of 0.5 within ±1000, else the rules' default). */
  komi?: number;
}

/** The rule set a RU text names, or undefined when Qi does not know it. */
export function ruleSetFromText(text: string): GoRuleSet | undefined {
  const t = text.trim().toLowerCase();
  if (/japan|korea/.test(t)) return { scoring: 'territory', ko: 'simple', suicide: false };
  if (/chin/.test(t)) return { scoring: 'area', ko: 'positional', suicide: false };
  if (/\baga\b|american/.test(t)) return { scoring: 'area', ko: 'situational', suicide: false };
  if (/zealand|^nz$/.test(t)) return { scoring: 'area', ko: 'situational', suicide: true };
  if (/tromp|^tt\b|^tt-/.test(t)) return { scoring: 'area', ko: 'positional', suicide: true };
  if (/\bing\b|^goe$/.test(t)) return { scoring: 'area', ko: 'situational', suicide: true };
  return undefined;
}

/** Parses SGF bytes or text and reads its first game tree as a Go record (SgfError on anything unusable). */
export function readGoSgf(input: Uint8Array | string, options?: SgfParseOptions): GoRecord {
  return goRecordFromTree(parseSgf(input, options).trees[0]);
}

function fail(node: SgfNode, message: string): never {
  throw new SgfError(message, node.line, node.column);
}

/** Reads a parsed game tree as a Go record: the main line, game information, setup and moves checked. */
export function goRecordFromTree(root: SgfNode): GoRecord {
  const gm = root.get('GM');
  if (gm !== undefined && gm.trim() !== '' && gm.trim() !== '1') fail(root, `GM[${gm}] is not a Go record (Go is GM[1])`);
  const size = readSize(root);
  const record: GoRecord = {
    size,
    handicap: 0,
    black: { name: root.simpleText('PB'), rank: root.simpleText('BR') },
    white: { name: root.simpleText('PW'), rank: root.simpleText('WR') },
    result: root.simpleText('RE'),
    date: root.simpleText('DT'),
    event: root.simpleText('EV'),
    gameName: root.simpleText('GN'),
    place: root.simpleText('PC'),
    nodes: [],
  };
  const km = root.simpleText('KM')?.trim();
  if (km !== undefined && km !== '' && Number.isFinite(Number(km))) record.komi = Number(km);
  const ha = root.simpleText('HA')?.trim();
  if (ha !== undefined && /^\d+$/.test(ha)) record.handicap = Number(ha);
  const ru = root.simpleText('RU');
  if (ru !== undefined) {
    record.rulesText = ru;
    record.ruleSet = ruleSetFromText(ru);
  }
  let moveNumber = 0;
  for (const node of root.mainLine()) {
    const entry: GoRecordNode = { setup: [], line: node.line, column: node.column };
    for (const [id, stone] of [['AE', 0], ['AB', 1], ['AW', 2]] as const) {
      if (!node.has(id)) continue;
      try {
        for (const v of expandPointList(node.getAll(id), size)) entry.setup.push({ ...v, stone });
      } catch (e) {
        if (e instanceof SgfError) fail(node, `${id}: ${e.message.replace(/^SGF: /, '')}`);
        throw e;
      }
    }
    const pl = node.simpleText('PL')?.trim().toUpperCase();
    if (pl !== undefined) {
      if (pl === 'B' || pl === '1') entry.toPlay = 0;
      else if (pl === 'W' || pl === '2') entry.toPlay = 1;
      else fail(node, `PL[${pl}] is not a colour (B or W)`);
    }
    if (node.has('B') && node.has('W')) fail(node, 'a node holds both a black and a white move');
    for (const [id, color] of [['B', 0], ['W', 1]] as const) {
      if (!node.has(id)) continue;
      moveNumber++;
      const values = node.getAll(id);
      if (values.length !== 1) fail(node, `move ${moveNumber}: ${id} has ${values.length} values`);
      const v = values[0].trim();
      let vertex: GoVertex | null;
      if (v === '' || (v === 'tt' && size <= 19)) vertex = null;
      else {
        try {
          vertex = parsePoint(v, size);
        } catch (e) {
          if (e instanceof SgfError) fail(node, `move ${moveNumber}: ${id}[${v}]: ${e.message.replace(/^SGF: /, '')}`);
          throw e;
        }
      }
      entry.move = { color, vertex };
    }
    const c = node.text('C');
    if (c !== undefined) entry.comment = c;
    record.nodes.push(entry);
  }
  return record;
}

function readSize(root: SgfNode): number {
  const raw = root.simpleText('SZ')?.trim();
  if (raw === undefined || raw === '') return 19;
  const m = /^(\d+)(?:\s*:\s*(\d+))?$/.exec(raw);
  if (!m) fail(root, `SZ[${raw}] is not a board size`);
  const size = Number(m[1]);
  if (m[2] !== undefined && Number(m[2]) !== size) fail(root, `SZ[${raw}]: only square boards are supported`);
  if (size < 2 || size > 25) fail(root, `SZ[${raw}]: board size must be 2 to 25`);
  return size;
}

/**
 * Replays a record's main line on a new GoPosition with the given ko rule and suicide option (defaults:
 * simple ko, no suicide, counting from RU when known). Root handicap (HA = number of AB stones, nothing else)
 * is placed as a handicap; other setup is placed as is. Stops at the first illegal move and reports it.
 * Throws SgfError (naming the node) when setup stones leave a chain without liberties.
 */
export function replayGo(record: GoRecord, options: GoReplayOptions = {}): GoReplay {
  const scoring = options.scoring ?? record.ruleSet?.scoring ?? 'area';
  let komi = options.komi ?? record.komi;
  // the position's rules take multiples of 0.5 within ±1000; any other KM is kept in the record only
  if (komi !== undefined && (!Number.isInteger(komi * 2) || Math.abs(komi) > 1000)) komi = undefined;
  const position = new GoPosition({
    size: record.size,
    ko: options.ko ?? 'simple',
    suicide: options.suicide ?? false,
    scoring,
    ...(komi === undefined ? {} : { komi }),
  });
  const result: GoReplay = { position, setup: 0, moves: 0, errors: [] };
  let moveNumber = 0;
  record.nodes.forEach((node, k) => {
    if (result.errors.length > 0) return;
    const root = k === 0;
    const points = node.setup.map((s) => position.point(s.col, s.row));
    const isHandicap =
      root &&
      record.handicap >= 2 &&
      node.setup.length === record.handicap &&
      node.setup.length < record.size * record.size &&
      node.setup.every((s) => s.stone === 1) &&
      new Set(points).size === points.length;
    if (isHandicap) {
      position.placeHandicap(points);
      result.setup += node.setup.length;
    } else {
      node.setup.forEach((s, i) => {
        position.setup(points[i], s.stone);
        if (s.stone !== 0) result.setup++;
      });
    }
    if (node.setup.length > 0) {
      for (const p of position.points()) {
        if (position.stoneAt(p) !== 0 && position.liberties(p) === 0) {
          throw new SgfError(`setup leaves the stones at ${position.moveToText(p)} without liberties`, node.line, node.column);
        }
      }
    }
    if (node.toPlay !== undefined) position.setCurrentPlayer(node.toPlay);
    if (node.move) {
      moveNumber++;
      const { color, vertex } = node.move;
      const move = vertex === null ? PASS : position.point(vertex.col, vertex.row);
      const text = vertex === null ? 'pass' : vertexToText(record.size, vertex.col, vertex.row);
      const colorName = color === 0 ? 'black' : 'white';
      if (position.resigned() >= 0) {
        result.errors.push({ move: moveNumber, color: colorName, vertex: text, reason: 'game over' });
        return;
      }
      const verdict = position.analyze(move, color);
      if (!verdict.legal) {
        result.errors.push({ move: moveNumber, color: colorName, vertex: text, reason: verdict.reason! });
        return;
      }
      position.playAs(color, move);
      result.moves++;
    }
  });
  return result;
}

/** Builds the SGF tree of a Go record (FF[4], GM[1], game information, setup, main line). */
export function goRecordToTree(record: GoRecord): SgfNode {
  const root = new SgfNode().set('FF', '4').set('GM', '1').set('AP', 'Qi').set('SZ', String(record.size));
  const text = (id: string, value: string | undefined) => {
    if (value !== undefined) root.setText(id, value);
  };
  if (record.komi !== undefined) root.set('KM', String(record.komi));
  if (record.handicap > 0) root.set('HA', String(record.handicap));
  text('RU', record.rulesText);
  text('RE', record.result);
  text('PB', record.black.name);
  text('BR', record.black.rank);
  text('PW', record.white.name);
  text('WR', record.white.rank);
  text('DT', record.date);
  text('EV', record.event);
  text('GN', record.gameName);
  text('PC', record.place);
  let node = root;
  record.nodes.forEach((entry, k) => {
    if (k > 0) node = node.appendChild();
    for (const [id, stone] of [['AE', 0], ['AB', 1], ['AW', 2]] as const) {
      const pts = entry.setup.filter((s) => s.stone === stone).map((s) => pointText(s.col, s.row));
      if (pts.length > 0) node.set(id, pts);
    }
    if (entry.toPlay !== undefined) node.set('PL', entry.toPlay === 0 ? 'B' : 'W');
    if (entry.move) {
      const v = entry.move.vertex;
      node.set(entry.move.color === 0 ? 'B' : 'W', v === null ? '' : pointText(v.col, v.row));
    }
    if (entry.comment !== undefined) node.setText('C', entry.comment);
  });
  return root;
}

/** Writes a Go record as SGF text (UTF-8, CA[UTF-8]; passes as B[] / W[]). */
export function writeGoSgf(record: GoRecord): string {
  return writeSgf(goRecordToTree(record));
}
