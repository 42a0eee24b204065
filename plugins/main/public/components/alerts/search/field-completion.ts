/** Field-name completion for the alerts search bar (DQL and Lucene write a field the same way: `field:`). */
import type { Suggestion } from '../../../query-languages/types';

const MAX_SUGGESTIONS = 20;
const FIELD_CHAR = /[A-Za-z0-9_.@-]/;
/** What may stand right before a field name: nothing, space, a group or a Lucene `-`/`+`/`!`. */
const TERM_START = /[\s(!+-]/;

/**
 * Fields whose name starts with (then contains) the word being typed at `cursor`, when that word is
 * where a field goes (not after `field:`, not inside quotes).
 */
export function suggestFields(input: string, cursor: number, fieldNames: string[]): Suggestion[] {
  let start = cursor;
  while (start > 0 && FIELD_CHAR.test(input[start - 1])) start -= 1;
  // Leading `-` of a Lucene negation is not part of the field.
  while (start < cursor && input[start] === '-') start += 1;
  let end = cursor;
  while (end < input.length && FIELD_CHAR.test(input[end])) end += 1;
  const before = start === 0 ? '' : input[start - 1];
  if (before !== '' && !TERM_START.test(before)) return [];
  const quotes = (input.slice(0, start).match(/"/g) ?? []).length;
  if (quotes % 2 === 1) return [];
  const word = input.slice(start, cursor).toLowerCase();
  if (word === '' && input.trim() !== '') return [];
  const starting = fieldNames.filter((name) => name.toLowerCase().startsWith(word));
  const containing = word
    ? fieldNames.filter(
        (name) => !name.toLowerCase().startsWith(word) && name.toLowerCase().includes(word),
      )
    : [];
  return [...starting, ...containing].slice(0, MAX_SUGGESTIONS).map((name) => ({
    kind: 'field',
    label: name,
    insertText: `${name}:`,
    replaceFrom: start,
    replaceTo: end,
  }));
}
