import * as goStrings from './games/go/strings.js';
import * as gomokuStrings from './games/gomoku/strings.js';
import * as reversiStrings from './games/reversi/strings.js';
import * as checkersStrings from './games/checkers/strings.js';
import * as onlineStrings from './lib/online/strings.js';

/**
 * Every string the UI shows, in English and Chinese: the app's own here, each game's in its folder
 * (`games/<id>/strings.ts`). English is the reference dictionary; the Chinese ones are typed against its keys so a
 * missing translation fails the type check (and the unit test checks it at runtime). Placeholders are `{name}`.
 */

const core = {
  appTitle: 'Qi · 棋',
  appSubtitle: 'Go, Gomoku, Reversi and Chinese Checkers: against Qi, or two to six players on one screen',
  languageToggle: '中文',
  languageToggleLabel: 'Switch the language to Chinese',
  black: 'Black',
  white: 'White',
  toMove: '{color} to move',
  moveNumber: 'Move {n}',
  noMovesYet: 'No moves yet',
  gameOver: 'Game over',
  pass: 'Pass',
  undo: 'Undo',
  redo: 'Redo',
  resign: 'Resign',
  newGame: 'New game',
  home: 'All games',
  saveRecord: 'Save {format}',
  openRecord: 'Open record',
  recordSgf: 'SGF',
  recordJson: 'record',
  confirmResign: '{color} resigns?',
  yes: 'Yes',
  no: 'No',
  illegalOccupied: '{point} is already occupied.',
  illegalGameOver: 'The game is over: start a new game or undo.',
  illegalNotAMove: '“{text}” is not a move here: type one such as {example}.',
  nothingToUndo: 'Nothing to undo.',
  playedMove: '{color} played {point}.',
  resigned: '{color} resigned.',
  resultResign: '{winner} wins by resignation',
  resultTime: '{winner} wins on time',
  resultDrawn: 'Draw',
  newGameTitle: 'New game',
  boardSize: 'Board size',
  start: 'Start',
  cancel: 'Cancel',
  moveInputLabel: 'Type a move',
  play: 'Play',
  boardLabel: '{game} board. Arrow keys move the cursor, Enter chooses.',
  cursorAt: 'Cursor {point}: {content}.',
  pointEmpty: 'empty',
  pointBlack: 'black stone',
  pointWhite: 'white stone',
  positionAsText: 'Position as text',
  recordError: 'Could not open the record: {detail}',
  recordLoaded: 'Opened {name}: {n} moves.',
  footer: 'Rules by the Qi engine; Qi’s moves are searched in a background worker.',
  moves: 'Moves',
  variations: 'Other moves here',
  startPosition: 'Start',
  homeTitle: 'Choose a game',
  resumeGame: 'Resume',
  savedGames: 'Your games',
  noSavedGames: 'No saved games yet: finished and unfinished games appear here.',
  deleteGame: 'Delete',
  exportGames: 'Export all',
  importGames: 'Import',
  importedGames: 'Imported {added} games ({skipped} skipped).',
  gameInProgress: 'in progress',
  movesCount: '{n} moves',
  notPersistent: 'This browser does not keep data for this page: games last until it is closed.',

  players: 'Players',
  seatHuman: 'Human',
  seatQi: 'Qi (AI)',
  seatLevel: 'Level of {color}',
  seatOf: '{color}',
  levelPlain: 'Level {level}',
  levelElo: 'Level {level} · {elo} ± {error} Elo',
  levelEloAnchor: 'Level {level} · {elo} Elo (reference)',
  levelEloUnbounded: 'Level {level} · {elo} Elo (± unknown)',
  eloNote: 'Elo measured by the bench calibration ({label}, {games} games); level 1 = 0.',
  eloMissing: 'No Elo for these settings: the levels were calibrated on {label}.',
  eloNone: 'Elo ratings are shown once the levels have been calibrated.',
  qiName: 'Qi level {level}',
  qiNameElo: 'Qi level {level} · {elo} Elo',
  qiThinking: 'Qi is thinking…',
  qiStatsMcts: '{n} playouts · {seconds} s',
  qiStatsAlphabeta: 'depth {depth} · {n} nodes · {seconds} s',
  qiBest: 'best so far {point}',
  qiToMove: 'Qi plays {color}',
  qiPaused: 'Paused: press Resume to let Qi play on.',
  qiError: 'Qi stopped: {detail}',
  qiWait: 'Qi is thinking: wait for its move, or press Undo.',
  qiLastThink: 'Qi thought {seconds} s',
  takeOver: 'Take over',
  handToQi: 'Let Qi play',
  hint: 'Hint',
  hintThinking: 'Looking for a good move…',
  hintMove: 'Qi suggests {point}.',
  hintPass: 'Qi suggests passing.',
  winRateOf: '{color}’s win rate',
  winRateValue: '{pct}% (move {n})',
  winRateNone: 'Not estimated yet: ask for a hint, or play against Qi.',
  pause: 'Pause',
  resume: 'Resume',
  speed: 'Speed',
  speedSlow: 'slow',
  speedFast: 'fast',
  clock: 'Clock',
  clockNone: 'No clock',
  clockFischer: 'Fischer (time + increment)',
  clockByoyomi: 'Byo-yomi (time + periods)',
  clockBase: 'Main time (min)',
  clockIncrement: 'Increment (s)',
  clockPeriods: 'Periods',
  clockPeriod: 'Period (s)',
  clockPeriodsLeft: '{n} × {s} s',
  flagFell: '{color} ran out of time.',
  showCoordinates: 'Coordinates',
  placeStones: 'Place {n} stones for {color}: {placed} of {n} placed. Click a stone again to take it back.',
  startPlay: 'Start playing',
  confirmTaps: 'Tap twice to play',
  study: 'Study',
  mistakesOf: '{color}’s mistakes',
  scoreLead: '{color} leads by {score}',
  piecesList: '{color} ({n}): {cells}',
  piecesNone: 'none',
  showCandidates: 'Candidates on the board',
  showOwnership: 'Territory estimate (Go)',
  showGraph: 'Win-rate graph',
  commentWinRate: 'Qi: {color} {pct}%.',
  commentMistake: 'Mistake (−{loss}%): better {better} ({line}).',
  settings: 'Settings',
  theme: 'Theme',
  themeSystem: 'as the system',
  themeLight: 'light',
  themeDark: 'dark',
  boardTheme: 'Board',
  boardWood: 'wood',
  boardPlain: 'plain',
  boardContrast: 'high contrast',
  sound: 'Piece sounds',
  volume: 'Volume',
  animation: 'Animate moves',
  moveNumbers: 'Move numbers on stones',
  analysisOn: 'Analyze',
  analysisOff: 'Stop analysis',
  reviewBudget: 'Review depth',
  reviewQuick: 'quick',
  reviewNormal: 'normal',
  reviewDeep: 'deep',
  reviewGame: 'Review this game',
  reviewStop: 'Stop the review',
  reviewDone: 'Reviewed {n} positions in {seconds} s.',
  reviewPartial: 'Review stopped after {n} positions ({seconds} s).',
  noMistakes: 'No move lost more than 10% of its player’s win rate.',
  nextMistakeKey: 'Press N for the next mistake.',
  mistakeShown: 'Move {n}: {played} lost {loss}%; better {better} ({line}).',
  evalScore: 'score {score} at depth {depth}',
  provenExact: 'proven: {color} {score} discs',
  provenWin: 'proven win in {n} moves',
  provenLoss: 'proven loss in {n} moves',
  provenDraw: 'proven draw',
  winGraph: '{color}’s win rate over the game; click to jump to a move',
  tapAgain: 'Tap the marked point again to play it, or another point.',
  unsupportedRecord: 'Not a record Qi opens: SGF (Go, Othello, Gomoku) or a Chinese Checkers record.',
} as const;

const coreZh: Record<keyof typeof core, string> = {
  appTitle: 'Qi · 棋',
  appSubtitle: '围棋、五子棋、黑白棋、跳棋：与 Qi 对弈，或二至六人同屏对弈',
  languageToggle: 'English',
  languageToggleLabel: '切换为英文界面',
  black: '黑',
  white: '白',
  toMove: '轮到{color}方',
  moveNumber: '第 {n} 手',
  noMovesYet: '尚未落子',
  gameOver: '对局结束',
  pass: '停一手',
  undo: '悔棋',
  redo: '重做',
  resign: '认输',
  newGame: '新对局',
  home: '全部棋类',
  saveRecord: '保存 {format}',
  openRecord: '打开棋谱',
  recordSgf: 'SGF',
  recordJson: '棋谱',
  confirmResign: '{color}方确定认输？',
  yes: '是',
  no: '否',
  illegalOccupied: '{point} 已有棋子。',
  illegalGameOver: '对局已结束：请开始新对局或悔棋。',
  illegalNotAMove: '“{text}” 不是这里的着法：请输入如 {example} 的着法。',
  nothingToUndo: '没有可以悔的棋。',
  playedMove: '{color}方下在 {point}。',
  resigned: '{color}方认输。',
  resultResign: '{winner}方中盘胜（对方认输）',
  resultTime: '{winner}方超时胜',
  resultDrawn: '和棋',
  newGameTitle: '新对局',
  boardSize: '棋盘大小',
  start: '开始',
  cancel: '取消',
  moveInputLabel: '输入着法',
  play: '落子',
  boardLabel: '{game}棋盘。方向键移动光标，回车选择。',
  cursorAt: '光标 {point}：{content}。',
  pointEmpty: '空点',
  pointBlack: '黑子',
  pointWhite: '白子',
  positionAsText: '局面文字描述',
  recordError: '无法打开棋谱：{detail}',
  recordLoaded: '已打开 {name}：共 {n} 手。',
  footer: '规则由 Qi 引擎判定；Qi 的着法在后台线程中搜索。',
  moves: '着法',
  variations: '此处的其他着法',
  startPosition: '开局',
  homeTitle: '选择棋类',
  resumeGame: '继续',
  savedGames: '我的对局',
  noSavedGames: '还没有保存的对局：已完成和未完成的对局都会显示在这里。',
  deleteGame: '删除',
  exportGames: '全部导出',
  importGames: '导入',
  importedGames: '已导入 {added} 局（跳过 {skipped} 局）。',
  gameInProgress: '进行中',
  movesCount: '{n} 手',
  notPersistent: '此浏览器不为本页保存数据：对局只保留到关闭页面为止。',

  players: '对局者',
  seatHuman: '真人',
  seatQi: 'Qi（电脑）',
  seatLevel: '{color}方等级',
  seatOf: '{color}方',
  levelPlain: '{level} 级',
  levelElo: '{level} 级 · {elo} ± {error} Elo',
  levelEloAnchor: '{level} 级 · {elo} Elo（基准）',
  levelEloUnbounded: '{level} 级 · {elo} Elo（误差未知）',
  eloNote: 'Elo 由基准测试校准得出（{label}，共 {games} 局）；1 级 = 0。',
  eloMissing: '这些设置没有 Elo：等级是在 {label} 上校准的。',
  eloNone: '等级校准完成后，这里会显示各级的 Elo 等级分。',
  qiName: 'Qi {level} 级',
  qiNameElo: 'Qi {level} 级 · {elo} Elo',
  qiThinking: 'Qi 正在思考…',
  qiStatsMcts: '{n} 次模拟 · {seconds} 秒',
  qiStatsAlphabeta: '深度 {depth} · {n} 节点 · {seconds} 秒',
  qiBest: '目前最佳 {point}',
  qiToMove: 'Qi 执{color}',
  qiPaused: '已暂停：点“继续”让 Qi 接着下。',
  qiError: 'Qi 已停止：{detail}',
  qiWait: 'Qi 正在思考：请等它落子，或点“悔棋”。',
  qiLastThink: 'Qi 思考了 {seconds} 秒',
  takeOver: '我来下',
  handToQi: '交给 Qi',
  hint: '提示',
  hintThinking: '正在寻找好棋…',
  hintMove: 'Qi 建议下在 {point}。',
  hintPass: 'Qi 建议停一手。',
  winRateOf: '{color}方胜率',
  winRateValue: '{pct}%（第 {n} 手）',
  winRateNone: '尚未估算：可点“提示”，或与 Qi 对弈。',
  pause: '暂停',
  resume: '继续',
  speed: '速度',
  speedSlow: '慢',
  speedFast: '快',
  clock: '计时',
  clockNone: '不计时',
  clockFischer: '费舍尔（基本时间 + 每步加秒）',
  clockByoyomi: '读秒（基本时间 + 读秒次数）',
  clockBase: '基本时间（分钟）',
  clockIncrement: '每步加秒',
  clockPeriods: '读秒次数',
  clockPeriod: '每次读秒（秒）',
  clockPeriodsLeft: '{n} × {s} 秒',
  flagFell: '{color}方超时。',
  showCoordinates: '坐标',
  placeStones: '请为{color}方放置 {n} 子：已放 {placed} 子。再次点击可取回。',
  startPlay: '开始对局',
  confirmTaps: '点两次落子',
  study: '研究',
  mistakesOf: '{color}方失误',
  scoreLead: '{color}方领先 {score}',
  piecesList: '{color}方（{n}）：{cells}',
  piecesNone: '无',
  showCandidates: '在棋盘上显示候选着',
  showOwnership: '地域估计（围棋）',
  showGraph: '胜率曲线',
  commentWinRate: 'Qi：{color}方胜率 {pct}%。',
  commentMistake: '失误（−{loss}%）：更好的是 {better}（{line}）。',
  settings: '设置',
  theme: '主题',
  themeSystem: '跟随系统',
  themeLight: '浅色',
  themeDark: '深色',
  boardTheme: '棋盘',
  boardWood: '木纹',
  boardPlain: '素色',
  boardContrast: '高对比度',
  sound: '落子声音',
  volume: '音量',
  animation: '着法动画',
  moveNumbers: '棋子上显示手数',
  analysisOn: '分析',
  analysisOff: '停止分析',
  reviewBudget: '复盘深度',
  reviewQuick: '快速',
  reviewNormal: '标准',
  reviewDeep: '深入',
  reviewGame: '复盘本局',
  reviewStop: '停止复盘',
  reviewDone: '已复盘 {n} 个局面，用时 {seconds} 秒。',
  reviewPartial: '复盘在 {n} 个局面后停止（{seconds} 秒）。',
  noMistakes: '没有哪一手让己方胜率下降超过 10%。',
  nextMistakeKey: '按 N 跳到下一个失误。',
  mistakeShown: '第 {n} 手：{played} 损失 {loss}%；更好的是 {better}（{line}）。',
  evalScore: '深度 {depth} 评分 {score}',
  provenExact: '已证明：{color}方 {score} 子',
  provenWin: '已证明 {n} 手内胜',
  provenLoss: '已证明 {n} 手内负',
  provenDraw: '已证明和棋',
  winGraph: '{color}方全局胜率曲线；点击跳到该手',
  tapAgain: '再点一次标记的位置落子，或改点别处。',
  unsupportedRecord: 'Qi 打不开这个文件：请用 SGF（围棋、黑白棋、五子棋）或跳棋棋谱。',
};

/** The English parts the dictionary is merged from, by owner (a key in two parts would shadow one: the test forbids it). */
export const englishParts: Record<string, Record<string, string>> = {
  app: core,
  go: goStrings.en,
  gomoku: gomokuStrings.en,
  reversi: reversiStrings.en,
  checkers: checkersStrings.en,
  online: onlineStrings.en,
};

const en = { ...core, ...goStrings.en, ...gomokuStrings.en, ...reversiStrings.en, ...checkersStrings.en, ...onlineStrings.en };

/** A key of the UI dictionary. */
export type MessageKey = keyof typeof en;

/** The languages the UI speaks. */
export type Lang = 'en' | 'zh';

const zh: Record<MessageKey, string> = { ...coreZh, ...goStrings.zh, ...gomokuStrings.zh, ...reversiStrings.zh, ...checkersStrings.zh, ...onlineStrings.zh };

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
