import { Writable } from 'node:stream';

export interface LineCollector {
  /** Pass as `createLogging({ destination })`. */
  stream: Writable;
  /** Every JSON line written so far. */
  lines(): string[];
  /** The lines parsed. */
  records(): Array<Record<string, unknown>>;
}

/** Keeps log lines in memory, for tests and the integration harness's `logs()`. */
export function createLineCollector(): LineCollector {
  const lines: string[] = [];
  let partial = '';
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, callback) {
      const text = partial + chunk.toString();
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      lines.push(...parts.filter((line) => line.length > 0));
      callback();
    },
  });
  return {
    stream,
    lines: () => [...lines],
    records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
