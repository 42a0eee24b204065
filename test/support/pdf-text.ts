/** The text of each page of a PDF, read by pdf.js in a child process (see pdf-text-reader.mjs). */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'svc-pdf-'));
  try {
    const file = path.join(dir, 'report.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run(
      process.execPath,
      [path.join(__dirname, 'pdf-text-reader.mjs'), file],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return (JSON.parse(stdout) as { pages: string[] }).pages;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
