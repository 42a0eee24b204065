/** A CDB list as the managed API stores it: `key:value` lines, a key holding `:` written quoted. */

export interface CdbEntry {
  key: string;
  value: string;
}

const LINE = /^(?:"([^"]+)"|([^:"]+)):(.*)$/;

export function parseCdbList(text: string): CdbEntry[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const match = LINE.exec(line);
      // A line the API would refuse is kept whole as a key, so saving shows the API's own error.
      return match ? { key: match[1] ?? match[2], value: match[3] } : { key: line, value: '' };
    });
}

export function serializeCdbList(entries: readonly CdbEntry[]): string {
  return entries
    .map(({ key, value }) => `${key.includes(':') ? `"${key}"` : key}:${value}`)
    .map((line) => `${line}\n`)
    .join('');
}

/** Why a key cannot be stored, if it cannot. */
export function keyProblem(
  key: string,
  entries: readonly CdbEntry[],
  editing?: string,
): string | undefined {
  if (key.trim() === '') return 'Enter a key';
  if (key.includes('"')) return 'A key cannot hold a double quote';
  if (/[\r\n]/.test(key)) return 'A key is one line';
  if (key !== editing && entries.some((entry) => entry.key === key))
    return 'This key is already in the list';
  return undefined;
}

export function valueProblem(value: string): string | undefined {
  return /[\r\n]/.test(value) ? 'A value is one line' : undefined;
}
