/**
 * The one cleaning of text that goes into a CSV cell from the network (managed-API lists, alerts):
 * control characters out, then formulas neutralised, then RFC 4180 quoting where the cell needs it.
 */
/**
 * Characters with no business in a CSV cell: C0 controls except tab and line feed, DEL, C1
 * controls, and the bidirectional overrides and isolates that can make a cell read as something else.
 * A carriage return (alone or before a line feed) and the Unicode line and paragraph separators
 * become a plain line feed, so a quoted cell breaks lines the same way in every program.
 */
const STRIPPED =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const LINE_BREAKS = /\r\n?|[\u2028\u2029]/g;
/** Any character the two replacements above change: most cells have none and skip them. */
const NEEDS_CLEANING =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;

/**
 * Spreadsheet programs run a cell as a formula when its first visible character is `=`, `+`, `-` or
 * `@` (spaces, tabs and line breaks before it do not count, and some take the full-width forms
 * `＝ ＋ － ＠` and the small forms `﹦ ﹢ ﹣ ﹫` too); DDE payloads (`cmd|' /C calc'!A0`) run
 * through such a formula. Item values come from the network, so such cells get a leading `'`, which
 * shows the text as it is.
 */
const FORMULA_START =
  /^[\s\u200b-\u200d\u2060]*[=+\-@\uff1d\uff0b\uff0d\uff20\ufe62\ufe63\ufe66\ufe6b]/;
/**
 * One word character before the `|` is enough to tell a DDE payload: `[\w.]+` there made the search
 * try every start inside each word, quadratic in its length, and took most of an export's time.
 */
const DDE_LIKE = /[\w.]\s*\|\s*['"][^'"]*['"]\s*!/;

/**
 * Digits and the printable ASCII from `A` to `~` are neither blanks nor formula signs: a cell that
 * starts with one (most do) cannot start a formula, and skips the search.
 */
function plainStart(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x7e);
}

/** A DDE payload needs a `|` and a quote: most cells have neither and skip the search. */
function mayHoldDde(clean: string): boolean {
  return clean.includes('|') && (clean.includes("'") || clean.includes('"'));
}

function runsAsFormula(clean: string): boolean {
  if (!plainStart(clean.charCodeAt(0)) && FORMULA_START.test(clean)) return true;
  return mayHoldDde(clean) && DDE_LIKE.test(clean);
}

/**
 * The text of a cell as an export writes it, for every CSV the dashboard makes: stray characters
 * removed first, then formulas neutralised, so what a spreadsheet sees first is what was checked.
 */
export function safeCellText(text: string): string {
  const clean = NEEDS_CLEANING.test(text)
    ? text.replace(LINE_BREAKS, '\n').replace(STRIPPED, '')
    : text;
  return runsAsFormula(clean) ? `'${clean}` : clean;
}

/** RFC 4180 quoting, only when the cell needs it (as spreadsheets write them). */
export function quoteCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Any character that the cleaning, the DDE check or the quoting acts on. A cell without one that
 * starts plainly is written as it is: one search instead of three (most cells of an export).
 */
const NEEDS_WORK =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f",|\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;

/** A cell as an export writes it: `safeCellText`, then quoted where RFC 4180 needs it. */
export function csvCell(text: string): string {
  if (text.length === 0 || (plainStart(text.charCodeAt(0)) && !NEEDS_WORK.test(text))) return text;
  return quoteCell(safeCellText(text));
}
