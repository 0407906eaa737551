/**
 * SGF value types. Nodes keep values raw (exactly as between the brackets, escapes included), because how
 * a value unescapes depends on its type; these functions turn raw values into text and back.
 */

/** Decodes a raw Text value: soft line breaks removed, escapes resolved, whitespace other than newlines → space. */
export function decodeText(raw: string): string {
  return decode(raw, false);
}

/** Decodes a raw SimpleText value: like Text, but newlines become spaces too. */
export function decodeSimpleText(raw: string): string {
  return decode(raw, true);
}

function decode(raw: string, simple: boolean): string {
  let out = '';
  const n = raw.length;
  for (let i = 0; i < n; i++) {
    let c = raw[i];
    if (c === '\\') {
      if (i + 1 >= n) break; // a lone trailing backslash escapes nothing
      c = raw[++i];
      if (c === '\n' || c === '\r') {
        // soft line break: the escaped line break (\r\n or \n\r counted as one) disappears
        const d = raw[i + 1];
        if ((d === '\n' || d === '\r') && d !== c) i++;
        continue;
      }
    } else if (c === '\r' || c === '\n') {
      const d = raw[i + 1];
      if ((d === '\n' || d === '\r') && d !== c) i++;
      out += simple ? ' ' : '\n';
      continue;
    }
    out += c === '\t' || c === '\v' || c === '\f' ? ' ' : c;
  }
  return out;
}

/** Escapes plain text as a raw SGF Text value (`]` and `\` escaped; with `compose`, `:` too). */
export function escapeText(text: string, compose = false): string {
  return text.replace(compose ? /[\]\\:]/g : /[\]\\]/g, '\\$&');
}

/**
 * Splits a raw Compose value (`aa:bb`, `dd:label`) at its first unescaped colon; null when it has none.
 * The halves stay raw (decode each by its own type).
 */
export function splitCompose(raw: string): [string, string] | null {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === '\\') i++;
    else if (c === ':') return [raw.slice(0, i), raw.slice(i + 1)];
  }
  return null;
}

/**
 * Makes a raw value safe to write between brackets: keeps every escape pair, escapes a stray `]` and a lone
 * trailing `\`. Identity on any value the parser produced.
 */
export function sanitizeRaw(raw: string): string {
  let out = '';
  let start = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === '\\') {
      if (i + 1 < raw.length) i++;
      else {
        out += raw.slice(start, i) + '\\\\';
        start = i + 1;
      }
    } else if (c === ']') {
      out += raw.slice(start, i) + '\\]';
      start = i + 1;
    }
  }
  return start === 0 ? raw : out + raw.slice(start);
}
