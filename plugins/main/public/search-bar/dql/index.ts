import { queryTreeToManagedApiQuery } from '../query-tree-to-q';
import type {
  QueryNode,
  QuerySyntaxError,
  QueryTranslation,
  SearchField,
  SearchSyntax,
} from '../types';
import { parse, SyntaxError as DqlSyntaxError } from './dql-parser';

export type DqlParseResult =
  { ok: true; tree: QueryNode | undefined } | { ok: false; error: QuerySyntaxError };

/** Parses DQL into the shared query tree (undefined for an empty query). */
export function parseDql(input: string): DqlParseResult {
  try {
    return { ok: true, tree: parse(input) ?? undefined };
  } catch (error) {
    if (error instanceof DqlSyntaxError)
      return { ok: false, error: { message: error.message, offset: error.location.start.offset } };
    throw error;
  }
}

export function translateDql(input: string, fields: SearchField[]): QueryTranslation {
  const parsed = parseDql(input);
  return parsed.ok ? queryTreeToManagedApiQuery(parsed.tree, fields) : parsed;
}

export const dqlSyntax: SearchSyntax = { id: 'dql', label: 'DQL', translate: translateDql };
