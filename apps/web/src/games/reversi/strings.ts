/** Reversi's words, in English and Chinese (merged into the app's dictionaries by i18n.ts). */
export const en = {
  gameReversi: 'Reversi · Othello',
  blurbReversi: 'Outflank and flip discs on 8×8; the most discs at the end wins.',
  reversiSummary: '8×8 Othello',
  illegalNoFlip: '{point} turns no disc: a move must outflank at least one of the opponent’s discs.',
  reversiPassed: '{color} has no move and passes.',
  reversiDraw: 'Draw, {black}–{white}',
  reversiWins: '{winner} wins {black}–{white}',
  discBlack: 'black disc',
  discWhite: 'white disc',
  discs: 'Discs',
  discCount: '{n} discs',
  showLegal: 'Show legal moves',
  movesLeft: '{n} empty squares',
  reversiRulesHelp: 'Standard Othello: Black moves first from the four centre discs. A player with no move must pass, and the pass is played for them; when neither can move, the most discs win.',
} as const;

export const zh: Record<keyof typeof en, string> = {
  gameReversi: '黑白棋 · 奥赛罗',
  blurbReversi: '8×8 棋盘上夹住并翻转对方棋子；终局子多者胜。',
  reversiSummary: '8×8 奥赛罗',
  illegalNoFlip: '{point} 翻不了任何棋子：落子必须夹住对方至少一枚棋子。',
  reversiPassed: '{color}方无处可下，自动停一手。',
  reversiDraw: '和棋，{black}–{white}',
  reversiWins: '{winner}方胜，{black}–{white}',
  discBlack: '黑子',
  discWhite: '白子',
  discs: '子数',
  discCount: '{n} 子',
  showLegal: '显示可下位置',
  movesLeft: '剩余 {n} 格',
  reversiRulesHelp: '标准奥赛罗规则：从中央四子开始，黑先。无处可下的一方停一手（自动代为停着）；双方都无处可下时终局，子多者胜。',
};
