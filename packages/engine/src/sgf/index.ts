/**
 * SGF (Smart Game Format, FF[4]) for every Qi game that has records: Go GM[1], Othello GM[2], Gomoku/Renju GM[4].
 * Game-neutral: this module knows the file format, not the games.
 *
 * Reading:
 *   const { trees } = parseSgf(bytesOrText);      // Uint8Array: charset from CA (ISO-8859-1 without CA); string: as is
 *   const root = trees[0];                        // or parseSgfGame(input): the first game tree
 *   root.get('GM'), root.simpleText('PB'), root.text('C')   // raw first value / decoded SimpleText / decoded Text
 *   root.getAll('AB'), root.has('HA'), root.properties()  // all raw values / presence / [id, values] pairs in order
 *   for (const node of root.mainLine().slice(1)) node.get('B') // moves: raw values like 'dd'; '' (and 'tt' in Go) = pass
 *   root.children[1]                              // a variation from the root (children[0] is the main line)
 *   parsePoint('dd', 15)                          // {col: 3, row: 3}: col from the left, row from the TOP; SgfError if off board
 *   expandPointList(root.getAll('AB'), 19)         // AB/AW/AE lists, compressed rectangles `aa:cc` expanded
 * Values are stored raw (escapes kept) because unescaping depends on the property type; use text()/simpleText()
 * (or decodeText/decodeSimpleText/splitCompose) to read them and setText()/escapeText() to write plain text.
 * Malformed input throws SgfError with `line`/`column` (1-based); size (8 MiB) and node (500,000) limits apply;
 * the parser and every traversal here are iterative, so 100k nested variations are fine.
 *
 * Writing:
 *   const root = new SgfNode().set('FF', '4').set('GM', '4').set('SZ', '15').setText('PB', 'Ann');
 *   root.appendChild().set('B', pointText(7, 7));  // appendChild() on a node that has a child makes a variation
 *   writeSgf(root) / writeSgf([root, root2])      // text with CA[UTF-8] in each root, lines ≤ 78 columns
 * Parsing what writeSgf wrote gives the same tree (same identifiers, raw values and shape).
 */
export { SgfError } from './error.js';
export { SgfNode } from './node.js';
export { parseSgf, parseSgfGame, SGF_MAX_NODES, SGF_MAX_SIZE, type SgfCollection, type SgfParseOptions } from './parse.js';
export { writeSgf, type SgfWriteOptions } from './write.js';
export { decodeText, decodeSimpleText, escapeText, splitCompose } from './text.js';
export { parsePoint, pointText, expandPointList, type SgfPoint } from './point.js';
