/** CDB lists: `key:value` lines (a key holding `:` is quoted), as the manager reads them. */

export interface CdbEntry {
  key: string;
  value: string;
}

export class CdbFormatError extends Error {
  constructor(readonly line: number) {
    super(`line ${line} is not "key:value"`);
  }
}

const LINE = /^(?:"([^"]+)"|([^:"]+)):(.*)$/;

export function parseCdbList(text: string): CdbEntry[] {
  const entries: CdbEntry[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    const match = LINE.exec(line);
    if (!match) throw new CdbFormatError(index + 1);
    entries.push({ key: match[1] ?? match[2], value: match[3] });
  });
  return entries;
}
