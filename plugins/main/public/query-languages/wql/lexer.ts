/**
 * WQL lexer, hand-written rather than generated because the search bar needs it to work on
 * unfinished input: it returns every token read so far with its position and what comes next,
 * which is what completion is driven by.
 *
 * WQL: `field OP value` clauses (OP one of = != < > ~) joined by `and` / `or`, grouped with
 * parentheses; values may be double-quoted to hold spaces (`\"` and `\\` escape inside quotes).
 */
import type { QuerySyntaxError } from '../types';

type WqlTokenType = 'group_open' | 'group_close' | 'field' | 'operator' | 'value' | 'conjunction';

export interface WqlToken {
  type: WqlTokenType;
  /** Text as typed (quotes included). */
  text: string;
  /** Meaning: unquoted value, lower-cased conjunction, or the text itself. */
  value: string;
  start: number;
  end: number;
  /** A quoted value whose closing quote has not been typed yet. */
  unterminated?: boolean;
}

/** What the grammar allows after the last complete token. */
export type WqlExpectation = 'term' | 'operator' | 'value' | 'conjunction';

export interface WqlLexResult {
  tokens: WqlToken[];
  expecting: WqlExpectation;
  openGroups: number;
  /** First problem found; lexing stops there. */
  error?: QuerySyntaxError;
}

const WHITESPACE = /\s*/y;
const FIELD = /[A-Za-z_][\w.]*/y;
const OPERATOR = /!=|=|<|>|~/y;
const CONJUNCTION = /(and|or)(?=[\s(]|$)/iy;
const BARE_VALUE = /[^\s()"]+/y;

function matchAt(pattern: RegExp, input: string, position: number): string | undefined {
  pattern.lastIndex = position;
  return pattern.exec(input)?.[0];
}

function readQuoted(input: string, start: number): WqlToken {
  let value = '';
  let position = start + 1;
  while (position < input.length) {
    const char = input[position];
    if (char === '\\' && position + 1 < input.length) {
      value += input[position + 1];
      position += 2;
    } else if (char === '"') {
      return {
        type: 'value',
        text: input.slice(start, position + 1),
        value,
        start,
        end: position + 1,
      };
    } else {
      value += char;
      position += 1;
    }
  }
  return {
    type: 'value',
    text: input.slice(start),
    value,
    start,
    end: input.length,
    unterminated: true,
  };
}

export function lexWql(input: string): WqlLexResult {
  const tokens: WqlToken[] = [];
  let expecting: WqlExpectation = 'term';
  let openGroups = 0;
  let position = 0;
  const result = (error?: QuerySyntaxError): WqlLexResult => ({
    tokens,
    expecting,
    openGroups,
    error,
  });
  const push = (type: WqlTokenType, text: string, value = text) => {
    tokens.push({ type, text, value, start: position, end: position + text.length });
    position += text.length;
  };

  for (;;) {
    position += matchAt(WHITESPACE, input, position)?.length ?? 0;
    if (position >= input.length) return result();
    const rest = input.slice(position);
    switch (expecting) {
      case 'term': {
        if (rest.startsWith('(')) {
          push('group_open', '(');
          openGroups += 1;
          break;
        }
        const field = matchAt(FIELD, input, position);
        if (!field)
          return result({ message: `Expected a field name or "(" at "${rest}"`, offset: position });
        push('field', field);
        expecting = 'operator';
        break;
      }
      case 'operator': {
        const operator = matchAt(OPERATOR, input, position);
        const field = tokens[tokens.length - 1].value;
        if (!operator)
          return result({
            message: `Expected an operator (=, !=, <, >, ~) after "${field}"`,
            offset: position,
          });
        push('operator', operator);
        expecting = 'value';
        break;
      }
      case 'value': {
        if (rest.startsWith('"')) {
          const token = readQuoted(input, position);
          tokens.push(token);
          position = token.end;
          expecting = 'conjunction';
          if (token.unterminated)
            return result({
              message: 'A quoted value is missing its closing quote',
              offset: token.start,
            });
          break;
        }
        const value = matchAt(BARE_VALUE, input, position);
        if (!value) return result({ message: `Expected a value at "${rest}"`, offset: position });
        push('value', value);
        expecting = 'conjunction';
        break;
      }
      case 'conjunction': {
        if (rest.startsWith(')')) {
          if (openGroups === 0)
            return result({ message: 'There is a ")" without a matching "("', offset: position });
          push('group_close', ')');
          openGroups -= 1;
          break;
        }
        const conjunction = matchAt(CONJUNCTION, input, position);
        if (!conjunction)
          return result({ message: `Expected "and", "or" or ")" at "${rest}"`, offset: position });
        push('conjunction', conjunction, conjunction.toLowerCase());
        expecting = 'term';
        break;
      }
    }
  }
}
