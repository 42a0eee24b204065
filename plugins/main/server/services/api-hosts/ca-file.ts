/**
 * The CA file named for an API host (Settings, `check-api`, the config): an absolute path to a
 * regular file of bounded size holding a PEM certificate. A device (`/dev/zero`), a pipe, a
 * directory or a huge file is refused at once, without reading it whole, so naming one can neither
 * hang a request nor fill the server's memory.
 */
import { X509Certificate } from 'node:crypto';
import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { caFileProblem } from '../../../common/api-host-rules';
import { RequestFieldError } from '../request-field-error';

/** Largest CA file accepted unless the config says otherwise (a bundle of a few hundred certificates). */
export const DEFAULT_CA_FILE_MAX_BYTES = 1024 * 1024;

function refuse(reason: string): never {
  throw new RequestFieldError('ca_file', reason);
}

function unreadable(error: unknown): never {
  refuse(
    `cannot be read on the dashboard server (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
  );
}

function checkKindAndSize(info: { isFile(): boolean; size: number }, maxBytes: number): void {
  if (!info.isFile()) refuse('must be a regular file (not a directory, device or pipe)');
  if (info.size > maxBytes) refuse(`must be at most ${maxBytes} bytes`);
}

/** Reads and checks the CA file; `RequestFieldError` on field `ca_file` when it is not acceptable. */
export async function readCaFile(path: string, maxBytes: number): Promise<string> {
  const problem = caFileProblem(path);
  if (problem) refuse(problem);
  // stat never opens the file, so it cannot block on a pipe or a device.
  checkKindAndSize(await stat(path).catch(unreadable), maxBytes);
  // O_NONBLOCK: if the path became a pipe since, opening it does not wait for a writer.
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK).catch(unreadable);
  try {
    const info = await handle.stat();
    checkKindAndSize(info, maxBytes);
    // One byte more than the file had tells a file that grew past the limit since the check.
    const buffer = Buffer.alloc(info.size + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > maxBytes) refuse(`must be at most ${maxBytes} bytes`);
    const pem = buffer.subarray(0, bytesRead).toString('utf8');
    try {
      // Parsing proves it is a certificate without ever echoing the file's content.
      new X509Certificate(pem);
    } catch {
      refuse('is not a PEM certificate');
    }
    return pem;
  } finally {
    await handle.close();
  }
}
