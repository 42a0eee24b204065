/**
 * "Copy as curl": the request aimed straight at the managed API, for a terminal. It never holds a
 * credential: the token is the shell variable `$TOKEN`, which the user sets from their own login.
 */
import type { ApiHost } from '@main/common/api-hosts';
import type { SendableRequest } from './request-parser';

/** One shell word in single quotes (a `'` inside becomes `'\''`). */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** `<host url>:<port><path>`, percent-encoding what a URL may not hold (spaces and quotes in `q=`). */
export function managedApiUrl(host: Pick<ApiHost, 'url' | 'port'>, path: string): string {
  const origin = new URL(host.url);
  origin.port = String(host.port);
  return new URL(path, origin.origin).href;
}

export function toCurl(
  request: SendableRequest,
  host: Pick<ApiHost, 'url' | 'port' | 'tls_verify'>,
): string {
  const parts = [`curl -X ${request.method} ${shellQuote(managedApiUrl(host, request.path))}`];
  // Double quotes so the shell fills in $TOKEN; the text itself is only the variable's name.
  parts.push('-H "Authorization: Bearer $TOKEN"');
  if (!host.tls_verify) parts.push('--insecure');
  if (request.body !== undefined) {
    parts.push(`-H ${shellQuote('Content-Type: application/json')}`);
    parts.push(`-d ${shellQuote(JSON.stringify(request.body))}`);
  }
  return parts.join(' \\\n  ');
}
