/**
 * Every string the UI shows, in English and Chinese. English is the reference dictionary; the Chinese one is
 * typed against its keys so a missing translation fails the type check (and the unit test checks it at runtime).
 * Placeholders are `{name}` and are filled by `translate`.
 */

const en = {
  appTitle: 'Qi · Go',
  appSubtitle: 'Go against Qi, or two players on one screen',
  languageToggle: '中文',
  languageToggleLabel: 'Switch the language to Chinese',
  black: 'Black',
  white: 'White',
  captures: 'Captures',
  capturesCount: '{n} captured',
  komi: 'Komi',
  handicapStones: 'Handicap {n}',
  toMove: '{color} to move',
  moveNumber: 'Move {n}',
  noMovesYet: 'No moves yet',
  gameOver: 'Game over',
  pass: 'Pass',
  undo: 'Undo',
  resign: 'Resign',
  newGame: 'New game',
  saveSgf: 'Save SGF',
  loadSgf: 'Open SGF',
  estimateDead: 'Estimate dead stones',
  clearDead: 'Clear marks',
  countScore: 'Count',
  resumePlay: 'Resume play',
  confirmResign: '{color} resigns?',
  yes: 'Yes',
  no: 'No',

  illegalOccupied: '{point} is already occupied.',
  illegalSuicide: '{point} would be suicide: the stone would have no liberties.',
  illegalKo: '{point} retakes the ko at once: play elsewhere first.',
  illegalSuperko: '{point} would repeat an earlier position (superko).',
  illegalGameOver: 'The game is over: start a new game or undo.',
  illegalNotAMove: '“{text}” is not a move: type a point such as D4, or “pass”.',
  nothingToUndo: 'Nothing to undo.',

  playedMove: '{color} played {point}.',
  playedMoveCaptured: '{color} played {point} and captured {n}.',
  playedPass: '{color} passed.',
  passAgainHint: 'A second pass in a row ends the game.',
  resigned: '{color} resigned.',
  markingHelp: 'Both players passed. Click a group to mark it dead (click again to revive), then press Count.',
  markedCount: 'Dead stones: {black} black, {white} white.',
  markWarning: 'The group at {point} looks alive.',
  resultBlackPoints: 'Black wins by {n} points',
  resultWhitePoints: 'White wins by {n} points',
  resultDraw: 'Draw (jigo)',
  resultBlackResign: 'Black wins by resignation',
  resultWhiteResign: 'White wins by resignation',
  scoreLine: 'Black {black} · White {white}',
  scoreRuleArea: 'Area scoring: stones + surrounded points; komi {komi}{bonus}.',
  scoreRuleTerritory: 'Territory scoring: surrounded points + prisoners; komi {komi}{bonus}.',
  scoreBonus: ', handicap compensation {n}',

  newGameTitle: 'New game',
  boardSize: 'Board size',
  scoring: 'Scoring',
  scoringArea: 'Area (Chinese)',
  scoringTerritory: 'Territory (Japanese)',
  koRule: 'Ko rule',
  koSimple: 'Simple ko',
  koPositional: 'Positional superko',
  koSituational: 'Situational superko',
  handicap: 'Handicap',
  handicapNone: 'None',
  allowSuicide: 'Allow multi-stone suicide (New Zealand, Tromp–Taylor)',
  start: 'Start',
  cancel: 'Cancel',

  rulesSummary: '{size}×{size} · {scoring} · {ko} · komi {komi}',
  moveInputLabel: 'Type a move',
  moveInputPlaceholder: 'D4 or pass',
  play: 'Play',
  boardLabel: 'Go board, {size} by {size}. Arrow keys move the cursor, Enter plays.',
  boardLabelMarking: 'Go board, {size} by {size}. Arrow keys move the cursor, Enter marks a group dead or alive.',
  cursorAt: 'Cursor {point}: {content}.',
  pointEmpty: 'empty',
  pointBlack: 'black stone',
  pointWhite: 'white stone',
  pointDead: 'dead {color} stone',
  positionAsText: 'Position as text',
  stonesList: '{color} stones ({n}): {points}',
  stonesNone: 'none',
  sgfError: 'Could not open the SGF file: {detail}',
  sgfLoaded: 'Opened {name}: {n} moves.',
  sgfIllegalMove: 'The record stops at move {n}: {color} {point} is illegal ({reason}).',
  reason_occupied: 'occupied',
  reason_suicide: 'suicide',
  reason_ko: 'ko',
  reason_superko: 'superko',
  illegalGameOverShort: 'the game was already over',
  footer: 'Rules and scoring by the Qi engine; Qi’s moves are searched in a background worker.',

  players: 'Players',
  seatHuman: 'Human',
  seatQi: 'Qi (AI)',
  seatLevel: 'Level of {color}',
  levelPlain: 'Level {level}',
  levelElo: 'Level {level} · {elo} ± {error} Elo',
  levelEloAnchor: 'Level {level} · {elo} Elo (reference)',
  levelEloUnbounded: 'Level {level} · {elo} Elo (± unknown)',
  eloNote: 'Elo measured by the bench calibration ({label}, {games} games); level 1 = 0.',
  eloMissing: 'Elo ratings are shown once the levels have been calibrated.',
  qiName: 'Qi level {level}',
  qiNameElo: 'Qi level {level} · {elo} Elo',
  qiThinking: 'Qi is thinking…',
  qiStats: '{visits} playouts · {seconds} s',
  qiBest: 'best so far {point}',
  qiToMove: 'Qi plays {color}',
  qiPaused: 'Paused: press Resume to let Qi play on.',
  qiError: 'Qi stopped: {detail}',
  qiWait: 'Qi is thinking: wait for its move, or press Undo.',
  qiLastThink: 'Qi thought {seconds} s',
  hint: 'Hint',
  hintThinking: 'Looking for a good move…',
  hintMove: 'Qi suggests {point}.',
  hintPass: 'Qi suggests passing.',
  winRate: 'Black’s win rate',
  winRateValue: '{pct}% (move {n})',
  winRateNone: 'Not estimated yet: ask for a hint, or play against Qi.',
  pause: 'Pause',
  resume: 'Resume',
} as const;

/** A key of the UI dictionary. */
export type MessageKey = keyof typeof en;

/** The languages the UI speaks. */
export type Lang = 'en' | 'zh';

const zh: Record<MessageKey, string> = {
  appTitle: '棋 · 围棋',
  appSubtitle: '与 Qi 对弈，或同屏双人对弈',
  languageToggle: 'English',
  languageToggleLabel: '切换为英文界面',
  black: '黑',
  white: '白',
  captures: '提子',
  capturesCount: '提子 {n}',
  komi: '贴目',
  handicapStones: '让 {n} 子',
  toMove: '轮到{color}方',
  moveNumber: '第 {n} 手',
  noMovesYet: '尚未落子',
  gameOver: '对局结束',
  pass: '停一手',
  undo: '悔棋',
  resign: '认输',
  newGame: '新对局',
  saveSgf: '保存 SGF',
  loadSgf: '打开 SGF',
  estimateDead: '估算死子',
  clearDead: '清除标记',
  countScore: '数子计分',
  resumePlay: '继续对局',
  confirmResign: '{color}方确定认输？',
  yes: '是',
  no: '否',

  illegalOccupied: '{point} 已有棋子。',
  illegalSuicide: '{point} 是禁入点：落子后没有气（自杀）。',
  illegalKo: '{point} 不能立即提回劫：请先在别处落子（找劫材）。',
  illegalSuperko: '{point} 会使全局重复出现（全局同形禁止）。',
  illegalGameOver: '对局已结束：请开始新对局或悔棋。',
  illegalNotAMove: '“{text}” 不是着法：请输入如 D4 的坐标，或“pass”。',
  nothingToUndo: '没有可以悔的棋。',

  playedMove: '{color}方下在 {point}。',
  playedMoveCaptured: '{color}方下在 {point}，提 {n} 子。',
  playedPass: '{color}方停一手。',
  passAgainHint: '对方也停一手即终局。',
  resigned: '{color}方认输。',
  markingHelp: '双方均已停一手。点击棋块标记为死子（再次点击取消），然后点“数子计分”。',
  markedCount: '死子：黑 {black} 子，白 {white} 子。',
  markWarning: '{point} 处的棋块看起来是活棋。',
  resultBlackPoints: '黑胜 {n} 目',
  resultWhitePoints: '白胜 {n} 目',
  resultDraw: '和棋',
  resultBlackResign: '黑中盘胜（白认输）',
  resultWhiteResign: '白中盘胜（黑认输）',
  scoreLine: '黑 {black} · 白 {white}',
  scoreRuleArea: '数子法：棋子 + 围住的空点；贴目 {komi}{bonus}。',
  scoreRuleTerritory: '数目法：围住的空点 + 提子；贴目 {komi}{bonus}。',
  scoreBonus: '，让子补偿 {n}',

  newGameTitle: '新对局',
  boardSize: '棋盘大小',
  scoring: '计分规则',
  scoringArea: '数子法（中国规则）',
  scoringTerritory: '数目法（日本规则）',
  koRule: '劫规则',
  koSimple: '简单劫',
  koPositional: '局面超级劫（全局同形）',
  koSituational: '情境超级劫',
  handicap: '让子',
  handicapNone: '不让子',
  allowSuicide: '允许多子自杀（新西兰规则、Tromp–Taylor）',
  start: '开始',
  cancel: '取消',

  rulesSummary: '{size}路 · {scoring} · {ko} · 贴目 {komi}',
  moveInputLabel: '输入着法',
  moveInputPlaceholder: 'D4 或 pass',
  play: '落子',
  boardLabel: '{size}路围棋棋盘。方向键移动光标，回车落子。',
  boardLabelMarking: '{size}路围棋棋盘。方向键移动光标，回车标记或取消死子。',
  cursorAt: '光标 {point}：{content}。',
  pointEmpty: '空点',
  pointBlack: '黑子',
  pointWhite: '白子',
  pointDead: '{color}方死子',
  positionAsText: '局面文字描述',
  stonesList: '{color}子（{n}）：{points}',
  stonesNone: '无',
  sgfError: '无法打开 SGF 文件：{detail}',
  sgfLoaded: '已打开 {name}：共 {n} 手。',
  sgfIllegalMove: '棋谱在第 {n} 手中止：{color}方 {point} 不合法（{reason}）。',
  reason_occupied: '此处有子',
  reason_suicide: '自杀',
  reason_ko: '劫',
  reason_superko: '全局同形',
  illegalGameOverShort: '对局已经结束',
  footer: '规则与计分由 Qi 引擎计算；Qi 的着法在后台线程中搜索。',

  players: '对局者',
  seatHuman: '真人',
  seatQi: 'Qi（电脑）',
  seatLevel: '{color}方等级',
  levelPlain: '{level} 级',
  levelElo: '{level} 级 · {elo} ± {error} Elo',
  levelEloAnchor: '{level} 级 · {elo} Elo（基准）',
  levelEloUnbounded: '{level} 级 · {elo} Elo（误差未知）',
  eloNote: 'Elo 由基准测试校准得出（{label}，共 {games} 局）；1 级 = 0。',
  eloMissing: '等级校准完成后，这里会显示各级的 Elo 等级分。',
  qiName: 'Qi {level} 级',
  qiNameElo: 'Qi {level} 级 · {elo} Elo',
  qiThinking: 'Qi 正在思考…',
  qiStats: '{visits} 次模拟 · {seconds} 秒',
  qiBest: '目前最佳 {point}',
  qiToMove: 'Qi 执{color}',
  qiPaused: '已暂停：点“继续”让 Qi 接着下。',
  qiError: 'Qi 已停止：{detail}',
  qiWait: 'Qi 正在思考：请等它落子，或点“悔棋”。',
  qiLastThink: 'Qi 思考了 {seconds} 秒',
  hint: '提示',
  hintThinking: '正在寻找好棋…',
  hintMove: 'Qi 建议下在 {point}。',
  hintPass: 'Qi 建议停一手。',
  winRate: '黑方胜率',
  winRateValue: '{pct}%（第 {n} 手）',
  winRateNone: '尚未估算：可点“提示”，或与 Qi 对弈。',
  pause: '暂停',
  resume: '继续',
};

/** Both dictionaries, keyed by language (exported for the completeness test). */
export const dictionaries: Record<Lang, Record<MessageKey, string>> = { en, zh };

/** Parameters substituted into a message's `{name}` placeholders. */
export type MessageParams = Record<string, string | number>;

/** A message to show later, in whatever language is active then. */
export interface Message {
  key: MessageKey;
  params?: MessageParams;
}

/** The text of `key` in `lang` with its placeholders filled; a missing parameter is left visible as `{name}`. */
export function translate(lang: Lang, key: MessageKey, params?: MessageParams): string {
  const text = dictionaries[lang][key] ?? dictionaries.en[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

const STORAGE_KEY = 'qi.lang';

/** The language to start in: the remembered choice, else the browser's preference, else English. */
export function initialLang(storage?: Pick<Storage, 'getItem'> | null, languages?: readonly string[]): Lang {
  try {
    const saved = storage?.getItem(STORAGE_KEY);
    if (saved === 'en' || saved === 'zh') return saved;
  } catch {
    // storage can throw in private modes; the browser preference still applies
  }
  for (const tag of languages ?? []) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

/** Remembers the chosen language across visits (silently ignores storage that refuses writes). */
export function rememberLang(storage: Pick<Storage, 'setItem'> | null | undefined, lang: Lang): void {
  try {
    storage?.setItem(STORAGE_KEY, lang);
  } catch {
    // a refused write only loses the preference for the next visit
  }
}

/** The text of a stored message; a parameter written `@key` is itself translated (colour names, rule names). */
export function format(lang: Lang, message: Message): string {
  if (!message.params) return translate(lang, message.key);
  const params: MessageParams = {};
  for (const [name, value] of Object.entries(message.params)) {
    params[name] =
      typeof value === 'string' && value.startsWith('@') && value.slice(1) in dictionaries.en
        ? translate(lang, value.slice(1) as MessageKey)
        : value;
  }
  return translate(lang, message.key, params);
}
