// Types of the part of the generated parser (dql-parser.js) this plugin uses.
import type { QueryNode } from '../query-tree';

export class SyntaxError extends Error {
  location: {
    start: { offset: number; line: number; column: number };
    end: { offset: number; line: number; column: number };
  };
}

/** The tree of the query, or null for an empty one. Throws SyntaxError. */
export function parse(input: string): QueryNode | null;
