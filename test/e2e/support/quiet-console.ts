/**
 * A browser test fails when a page it opened logs an error to the console or throws an uncaught
 * exception: the apps must stay quiet while they work. Pages report here through `newPage`; after
 * each test the problems seen during it are thrown as the test's failure.
 */

/**
 * Console messages that are not the apps' own and that they cannot prevent, each with the reason.
 */
const ALLOWED_CONSOLE_ERRORS: ReadonlyArray<{ pattern: RegExp; reason: string }> = [
  {
    pattern: /^Failed to load resource: the server responded with a status of [45]\d\d\b/,
    reason:
      'Chromium itself logs every non-2xx answer; the apps handle those answers (tests assert what they show)',
  },
];

const problems: string[] = [];

export function reportConsoleError(pageUrl: string, text: string): void {
  if (ALLOWED_CONSOLE_ERRORS.some((allowed) => allowed.pattern.test(text))) return;
  problems.push(`console error on ${pageUrl}: ${text}`);
}

export function reportPageError(pageUrl: string, error: Error): void {
  problems.push(`uncaught exception on ${pageUrl}: ${error.stack ?? error.message}`);
}

/** The problems seen since the last call, emptied. */
export function takeConsoleProblems(): string[] {
  return problems.splice(0, problems.length);
}
