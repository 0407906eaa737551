/**
 * Turning SGF bytes into text. The charset comes from the CA property of the first game tree's root node;
 * without CA the SGF specification says ISO-8859-1. A UTF-8 byte-order mark wins over both.
 */

const LATIN1 = new Set(['iso-8859-1', 'iso8859-1', 'iso_8859-1', 'latin1', 'latin-1', 'l1', 'ascii', 'us-ascii', 'iso-ir-100', 'cp819', 'ibm819']);

/** Bytes as ISO-8859-1 text (one byte → one code point; WHATWG's "latin1" label would mean windows-1252). */
export function latin1Text(bytes: Uint8Array): string {
  let s = '';
  const chunk = 0x2000;
  for (let i = 0; i < bytes.length; i += chunk) {
    s += String.fromCharCode.apply(null, bytes.subarray(i, Math.min(i + chunk, bytes.length)) as unknown as number[]);
  }
  return s;
}

/**
 * Decodes SGF bytes given the charset label found in CA (or undefined). Unknown labels fall back to the
 * specification's default, ISO-8859-1; malformed sequences become U+FFFD rather than failing the file.
 * Returns the text and the charset actually used.
 */
export function decodeSgfBytes(bytes: Uint8Array, label: string | undefined): { text: string; charset: string } {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), charset: 'UTF-8' };
  }
  const name = label?.trim().toLowerCase();
  if (name !== undefined && name !== '' && !LATIN1.has(name)) {
    let text: string | undefined;
    try {
      text = new TextDecoder(name).decode(bytes);
    } catch {
      text = undefined; // a label TextDecoder does not know: fall through to the default
    }
    if (text !== undefined) return { text, charset: label!.trim() };
  }
  return { text: latin1Text(bytes), charset: 'ISO-8859-1' };
}

/**
 * Finds the CA value of the first node of the first game tree by scanning bytes read as ISO-8859-1 (SGF
 * structure is ASCII). Stops at the end of that node; never throws.
 */
export function findCharsetLabel(text: string): string | undefined {
  const n = text.length;
  let i = text.indexOf('(');
  if (i < 0) return undefined;
  i = text.indexOf(';', i);
  if (i < 0) return undefined;
  i++;
  let ident = '';
  while (i < n) {
    const c = text[i];
    if (c === '[') {
      let j = i + 1;
      let value = '';
      while (j < n && text[j] !== ']') {
        if (text[j] === '\\') j++;
        if (j < n) value += text[j];
        j++;
      }
      if (ident === 'CA') return value;
      i = j + 1;
      while (i < n && /\s/.test(text[i])) i++;
      if (text[i] !== '[') ident = '';
      continue;
    }
    if (c === ';' || c === '(' || c === ')') return undefined;
    if (c >= 'A' && c <= 'Z') ident += c;
    i++;
  }
  return undefined;
}
