/**
 * Highlighting and folding of the console's text. A stream tokenizer rather than a Lezer grammar:
 * the language is line-oriented (request line, JSON line or comment, decided by the line's start),
 * which a per-line tokenizer reads directly, and a grammar would need a generator build step.
 */
import {
  foldService,
  HighlightStyle,
  LanguageSupport,
  matchBrackets,
  StreamLanguage,
  syntaxHighlighting,
  type StreamParser,
} from '@codemirror/language';
import { tags } from '@lezer/highlight';
import { isManagedApiMethod } from '@main/common/managed-api-request';
import { isCommentLine, isRequestLine } from '../model/request-parser';

type LinePart =
  | 'comment'
  | 'method'
  | 'before-path'
  | 'path'
  | 'query-name'
  | 'query-value'
  | 'after-target'
  | 'json';

interface TokenizerState {
  part: LinePart;
}

function lineKind(line: string): LinePart {
  if (isCommentLine(line)) return 'comment';
  return isRequestLine(line) ? 'method' : 'json';
}

function pathToken(
  stream: Parameters<StreamParser<TokenizerState>['token']>[0],
  state: TokenizerState,
): string | null {
  if (stream.eat('?')) {
    state.part = 'query-name';
    return 'operator';
  }
  if (stream.eat('/')) return 'punctuation';
  if (stream.match(/^<[^<>\s/?]*>/)) return 'variableName.special';
  if (!stream.match(/^[^\s/?<]+/)) stream.next();
  return 'url';
}

function queryToken(
  stream: Parameters<StreamParser<TokenizerState>['token']>[0],
  state: TokenizerState,
): string | null {
  if (stream.eat('&')) {
    state.part = 'query-name';
    return 'operator';
  }
  if (state.part === 'query-name' && stream.eat('=')) {
    state.part = 'query-value';
    return 'operator';
  }
  if (state.part === 'query-name') {
    stream.match(/^[^\s&=]+/);
    return 'attributeName';
  }
  stream.match(/^[^\s&]+/);
  return 'attributeValue';
}

function jsonToken(stream: Parameters<StreamParser<TokenizerState>['token']>[0]): string | null {
  if (stream.match(/^"(?:[^"\\]|\\.)*"?/))
    return stream.match(/^\s*:/, false) ? 'propertyName' : 'string';
  if (stream.match(/^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/)) return 'number';
  if (stream.match(/^(?:true|false)\b/)) return 'bool';
  if (stream.match(/^null\b/)) return 'null';
  const char = stream.next();
  if (char === '{' || char === '}') return 'brace';
  if (char === '[' || char === ']') return 'squareBracket';
  if (char === ',' || char === ':') return 'separator';
  return 'invalid';
}

const tokenizer: StreamParser<TokenizerState> = {
  name: 'svc-console',
  startState: () => ({ part: 'json' }),
  token(stream, state) {
    if (stream.sol()) state.part = lineKind(stream.string);
    if (state.part === 'comment') {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.eatSpace()) {
      // Whitespace ends the request line's path; what follows is marked by the linter.
      if (state.part === 'path' || state.part === 'query-name' || state.part === 'query-value')
        state.part = 'after-target';
      return null;
    }
    if (state.part === 'before-path') state.part = 'path';
    switch (state.part) {
      case 'method': {
        const word = stream.match(/^\S+/) as RegExpMatchArray;
        state.part = 'before-path';
        return isManagedApiMethod(word[0]) ? 'keyword' : 'invalid';
      }
      case 'path':
        return pathToken(stream, state);
      case 'query-name':
      case 'query-value':
        return queryToken(stream, state);
      case 'after-target':
        stream.skipToEnd();
        return 'invalid';
      default:
        return jsonToken(stream);
    }
  },
  languageData: { commentTokens: { line: '#' }, closeBrackets: { brackets: ['{', '[', '"'] } },
};

const consoleLanguage = StreamLanguage.define(tokenizer);

const consoleHighlightStyle = HighlightStyle.define([
  { tag: tags.keyword, color: '#0061a6', fontWeight: 'bold' },
  { tag: tags.url, color: '#006b5e' },
  { tag: tags.punctuation, color: '#69707d' },
  { tag: tags.special(tags.variableName), color: '#b0298b', fontStyle: 'italic' },
  { tag: tags.operator, color: '#69707d' },
  { tag: tags.attributeName, color: '#8a6a0a' },
  { tag: tags.attributeValue, color: '#bd271e' },
  { tag: tags.propertyName, color: '#0061a6' },
  { tag: tags.string, color: '#006b5e' },
  { tag: tags.number, color: '#b0298b' },
  { tag: [tags.bool, tags.null], color: '#6a3ec1' },
  { tag: tags.comment, color: '#69707d', fontStyle: 'italic' },
  { tag: tags.invalid, textDecoration: 'underline wavy #bd271e' },
]);

/** Folds a JSON object or array that opens at the end of a line, up to its closing bracket. */
const jsonBlockFolding = foldService.of((state, lineStart, lineEnd) => {
  const line = state.doc.sliceString(lineStart, lineEnd);
  if (isCommentLine(line)) return null;
  const opening = /[{[]\s*$/.exec(line);
  if (!opening) return null;
  const open = lineStart + opening.index;
  const match = matchBrackets(state, open, 1);
  if (!match?.matched || !match.end || match.end.from <= lineEnd) return null;
  return { from: open + 1, to: match.end.from };
});

export function consoleLanguageSupport(): LanguageSupport {
  return new LanguageSupport(consoleLanguage, [
    syntaxHighlighting(consoleHighlightStyle),
    jsonBlockFolding,
  ]);
}
