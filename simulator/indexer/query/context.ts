/**
 * What compiling a query or an aggregation needs to know: the clock for date math, the fields' types
 * in the searched indices, and where a key sits in the request text for OpenSearch's error positions.
 */
import type { Doc } from '../documents';
import type { FieldType } from '../mapping';

export type Predicate = (doc: Doc) => boolean;

export interface CompileContext {
  now: number;
  typeOf(path: string): FieldType | undefined;
  /** Every leaf field known in the searched indices, for `*` fields in query_string. */
  allFields(): string[];
  /** Line and column of a key in the request body text, for parsing_exception. */
  locate(key: string): { line: number; col: number };
}

/** Builds `locate` over a request body's text: the position after the first `"key"`. */
export function locator(text: string | undefined): CompileContext['locate'] {
  return (key) => {
    const at = text ? text.indexOf(`"${key}"`) : -1;
    if (at < 0) return { line: 1, col: 1 };
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < at; i++) {
      if (text?.charCodeAt(i) === 10) {
        line++;
        lineStart = i + 1;
      }
    }
    return { line, col: at - lineStart + key.length + 3 };
  };
}
