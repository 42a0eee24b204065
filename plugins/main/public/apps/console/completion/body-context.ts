/**
 * Where the cursor is inside a (possibly unfinished) JSON body: the chain of objects and arrays it
 * sits in, the body schema of the innermost one, whether a key or a value goes there, the keys that
 * object already has, and the token being typed. Hand-written, not on @lezer/json: completion needs
 * what comes next at the cursor (key, colon, value, comma) in unfinished text, which this scanner
 * tracks directly and Lezer's error recovery would leave to be guessed back from error nodes.
 */
import type { BodyField, BodyFieldItems } from '@catalogue/types';

export interface BodyToken {
  kind: 'string' | 'word';
  from: number;
  to: number;
  /** The text between the quotes (strings) or the word, up to the cursor. */
  typed: string;
  closed: boolean;
}

export type BodyCursorContext =
  | { kind: 'key'; fields: BodyField[]; keys: Set<string>; token?: BodyToken; afterToken: string }
  | { kind: 'value'; field?: BodyField; token?: BodyToken }
  | { kind: 'element'; items?: BodyFieldItems; token?: BodyToken };

interface ObjectFrame {
  kind: 'object';
  fields?: BodyField[];
  keys: Set<string>;
  key?: string;
  expect: 'key' | 'colon' | 'value' | 'comma';
}

interface ArrayFrame {
  kind: 'array';
  items?: BodyFieldItems;
}

type Frame = ObjectFrame | ArrayFrame;

const WORD = /[A-Za-z0-9_.+-]/;
const FOLLOWED_BY_COLON = /\s*:/y;

/** The schema of a value about to open in `parent`: the field under the object's current key, or the array's elements. */
function childSchema(
  parent: Frame | undefined,
  rootFields: BodyField[],
): { fields?: BodyField[]; items?: BodyFieldItems } {
  if (!parent) return { fields: rootFields };
  if (parent.kind === 'array') return { fields: parent.items?.fields, items: undefined };
  const field = parent.fields?.find((candidate) => candidate.name === parent.key);
  return { fields: field?.fields, items: field?.items };
}

function valueDone(frame: Frame | undefined): void {
  if (frame?.kind === 'object') frame.expect = 'comma';
}

function readString(text: string, from: number): { to: number; closed: boolean } {
  let index = from + 1;
  while (index < text.length && text[index] !== '\n') {
    if (text[index] === '\\') index += 2;
    else if (text[index] === '"') return { to: index + 1, closed: true };
    else index += 1;
  }
  return { to: Math.min(index, text.length), closed: false };
}

/** The cursor's frame as it was when the scan reached the cursor (the frame itself keeps changing after). */
interface Captured {
  frame?: Frame;
  expect?: ObjectFrame['expect'];
  key?: string;
  token?: BodyToken;
}

function contextAt(
  { frame, expect, key, token }: Captured,
  text: string,
): BodyCursorContext | undefined {
  if (!frame) return undefined;
  if (frame.kind === 'array') return { kind: 'element', items: frame.items, token };
  // A string where a comma belongs is most likely a new key whose comma is still missing.
  const typingKey = expect === 'key' || (expect === 'comma' && token?.kind === 'string');
  if (typingKey)
    return {
      kind: 'key',
      fields: frame.fields ?? [],
      keys: frame.keys,
      token,
      afterToken: text.slice(token?.to ?? 0, (token?.to ?? 0) + 40),
    };
  if (expect === 'value')
    return { kind: 'value', field: frame.fields?.find((field) => field.name === key), token };
  return undefined;
}

/**
 * Reads `text` (the body, comment lines blanked) and describes the place `cursor` is at. The keys
 * of the cursor's object are collected past the cursor too, so keys written below are not offered again.
 */
export function bodyContextAt(
  text: string,
  cursor: number,
  rootFields: BodyField[],
): BodyCursorContext | undefined {
  const stack: Frame[] = [];
  let captured: Captured | undefined;
  let index = 0;
  const top = () => stack[stack.length - 1];
  const capture = (token?: BodyToken) => {
    const frame = top();
    captured ??= {
      frame,
      token,
      ...(frame?.kind === 'object' ? { expect: frame.expect, key: frame.key } : {}),
    };
  };
  while (index < text.length) {
    const char = text[index];
    if (index >= cursor) capture();
    if (captured && captured.frame && !stack.includes(captured.frame)) break;
    if (/\s/.test(char)) {
      index += 1;
      continue;
    }
    const frame = top();
    if (char === '{' || char === '[') {
      const schema = childSchema(frame, rootFields);
      stack.push(
        char === '{'
          ? { kind: 'object', fields: schema.fields, keys: new Set(), expect: 'key' }
          : { kind: 'array', items: schema.items },
      );
      index += 1;
    } else if (char === '}' || char === ']') {
      stack.pop();
      valueDone(top());
      index += 1;
    } else if (char === ':') {
      if (frame?.kind === 'object') frame.expect = 'value';
      index += 1;
    } else if (char === ',') {
      if (frame?.kind === 'object') frame.expect = 'key';
      index += 1;
    } else if (char === '"') {
      const { to, closed } = readString(text, index);
      const inside = cursor > index && (closed ? cursor < to : cursor <= to);
      if (inside)
        capture({ kind: 'string', from: index, to, typed: text.slice(index + 1, cursor), closed });
      FOLLOWED_BY_COLON.lastIndex = to;
      // A string followed by `:` is a key even where a comma is missing (the user is still writing).
      if (
        frame?.kind === 'object' &&
        (frame.expect === 'key' || frame.expect === 'comma' || FOLLOWED_BY_COLON.test(text))
      ) {
        const key = text.slice(index + 1, closed ? to - 1 : to);
        if (!inside) frame.keys.add(key);
        frame.key = key;
        frame.expect = 'colon';
      } else valueDone(frame);
      index = to;
    } else if (WORD.test(char)) {
      let to = index;
      while (to < text.length && WORD.test(text[to])) to += 1;
      if (cursor > index && cursor <= to)
        capture({ kind: 'word', from: index, to, typed: text.slice(index, cursor), closed: true });
      valueDone(frame);
      index = to;
    } else index += 1;
  }
  capture();
  return captured && contextAt(captured, text);
}
