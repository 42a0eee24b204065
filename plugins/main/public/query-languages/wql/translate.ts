import { qValueProblem, unknownFieldError } from '../q-language';
import type { QueryTranslation, SearchField } from '../types';
import { lexWql, type WqlLexResult } from './lexer';

/** Characters that make an input WQL rather than a plain word search. */
const WQL_SYNTAX_CHARS = /[=!<>~()"]/;

function incompleteError(lexed: WqlLexResult, input: string): QueryTranslation | undefined {
  const last = lexed.tokens[lexed.tokens.length - 1];
  if (!last) return undefined;
  const offset = input.length;
  switch (lexed.expecting) {
    case 'operator':
      return {
        ok: false,
        error: { message: `Expected an operator (=, !=, <, >, ~) after "${last.value}"`, offset },
      };
    case 'value':
      return { ok: false, error: { message: `Expected a value after "${last.value}"`, offset } };
    case 'term':
      return { ok: false, error: { message: `Expected a field after "${last.text}"`, offset } };
    case 'conjunction':
      if (lexed.openGroups > 0)
        return { ok: false, error: { message: 'A "(" is not closed', offset } };
      return undefined;
  }
}

/**
 * WQL → the managed API's filter: clauses keep their field, operator and value, `and` becomes `;`
 * and `or` becomes `,`, parentheses stay. Input without any WQL syntax is a free-text `search`.
 */
export function translateWql(input: string, fields: SearchField[]): QueryTranslation {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: true, query: {} };
  const lexed = lexWql(input);
  if (lexed.error) {
    if (!WQL_SYNTAX_CHARS.test(trimmed)) return { ok: true, query: { search: trimmed } };
    return { ok: false, error: lexed.error };
  }
  const incomplete = incompleteError(lexed, input);
  if (incomplete) {
    if (!WQL_SYNTAX_CHARS.test(trimmed)) return { ok: true, query: { search: trimmed } };
    return incomplete;
  }
  let q = '';
  for (const token of lexed.tokens) {
    switch (token.type) {
      case 'field': {
        const unknown = unknownFieldError(token.value, fields, token.start);
        if (unknown) return { ok: false, error: unknown };
        q += token.value;
        break;
      }
      case 'value': {
        const problem = qValueProblem(token.value);
        if (problem) return { ok: false, error: { message: problem, offset: token.start } };
        q += token.value;
        break;
      }
      case 'conjunction':
        q += token.value === 'and' ? ';' : ',';
        break;
      default:
        q += token.value;
    }
  }
  return { ok: true, query: { q } };
}
