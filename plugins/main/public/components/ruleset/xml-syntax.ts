/**
 * The editor's own XML check, before anything is sent: the browser's XML parser reads the text (a
 * file may hold several top-level elements, as the manager's files do) and its first error is
 * reported with the line it names.
 */
import type { EditorProblem } from './xml-editor';

/** The text inside one root element, on the same lines, with an XML declaration blanked out. */
function asDocument(text: string): string {
  const body = text.replace(/^\s*<\?xml[^?]*\?>/, (declaration) =>
    declaration.replace(/[^\n]/g, ' '),
  );
  return `<svc-root>${body}</svc-root>`;
}

/** The first syntax error of `text`, or undefined when it parses. */
export function xmlSyntaxProblem(text: string): EditorProblem | undefined {
  const parsed = new DOMParser().parseFromString(asDocument(text), 'application/xml');
  const error = parsed.getElementsByTagName('parsererror')[0];
  if (!error) return undefined;
  const detail = (error.textContent ?? '').replace(/\s+/g, ' ').trim();
  // Chromium writes "error on line 3 at column 15: …", jsdom "3:15: …".
  const line = /line (\d+)/.exec(detail)?.[1] ?? /^(\d+):\d+:/.exec(detail)?.[1];
  const message = detail
    .replace(/^This page contains the following errors:\s*/, '')
    .replace(/Below is a rendering.*$/, '')
    .trim();
  return { message: `XML syntax error: ${message}`, line: line ? Number(line) : undefined };
}
