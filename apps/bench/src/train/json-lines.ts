/** Saved runs of the Go measurements (agree-go --save, swings-go --save) are JSON lines: one record a line. */

/**
 * The records of JSON-lines `text` (blank lines skipped), each checked by `isRecord`; throws naming `source`, the line
 * and what was expected (`what`) at the first line that is not JSON or not such a record.
 */
export function parseJsonLines<T>(text: string, source: string, isRecord: (value: unknown) => value is T, what: string): T[] {
  const out: T[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`${source}:${i + 1}: not JSON`);
    }
    if (!isRecord(value)) throw new Error(`${source}:${i + 1}: not ${what}`);
    out.push(value);
  }
  return out;
}
