/**
 * The simple search of `find({ search })`, shared by every store so results agree across backends.
 * A subset of OpenSearch's simple_query_string, written here because no library evaluates it
 * outside OpenSearch: whitespace-separated words, "quoted phrases", and a trailing `*` for a
 * prefix. Matching is case-insensitive on words (runs of letters and digits); a lone `*` matches
 * everything.
 */

export interface SearchTerm {
  /** Lower-case words that must appear consecutively. */
  words: string[];
  /** The last word only needs to start the matching word. */
  prefix: boolean;
}

const WORD_SEPARATOR = /[^\p{L}\p{N}]+/u;
const TERM_PATTERN = /"([^"]*)"|(\S+)/g;

function splitWords(text: string): string[] {
  return text.toLowerCase().split(WORD_SEPARATOR).filter(Boolean);
}

/** Parses a search string; an empty list means "match everything". */
export function parseSearch(search: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const match of search.matchAll(TERM_PATTERN)) {
    const phrase = match[1];
    const raw = phrase ?? match[2].replace(/^[+|]+/, '');
    const prefix = phrase === undefined && raw.endsWith('*');
    const words = splitWords(raw);
    if (words.length > 0) terms.push({ words, prefix });
  }
  return terms;
}

function wordMatches(candidate: string, wanted: string, prefix: boolean): boolean {
  return prefix ? candidate.startsWith(wanted) : candidate === wanted;
}

function termMatchesWords(term: SearchTerm, words: string[]): boolean {
  const last = term.words.length - 1;
  for (let start = 0; start + last < words.length; start += 1) {
    if (
      term.words.every((wanted, i) =>
        wordMatches(words[start + i], wanted, term.prefix && i === last),
      )
    )
      return true;
  }
  return false;
}

/** Every string (and number) reachable in `value`, in document order. */
function collectTexts(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number') out.push(String(value));
  else if (Array.isArray(value)) value.forEach((item) => collectTexts(item, out));
  else if (value && typeof value === 'object')
    Object.values(value).forEach((item) => collectTexts(item, out));
  return out;
}

function readPath(attributes: unknown, path: string): unknown {
  let current = attributes;
  for (const part of path.split('.')) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** How many of `terms` match the given fields of `attributes` (all fields when `fields` is absent). */
export function searchScore(attributes: unknown, terms: SearchTerm[], fields?: string[]): number {
  const texts = fields
    ? fields.flatMap((field) => collectTexts(readPath(attributes, field)))
    : collectTexts(attributes);
  const wordLists = texts.map(splitWords);
  return terms.filter((term) => wordLists.some((words) => termMatchesWords(term, words))).length;
}
