/** DQL (OpenSearch Dashboards' `kuery`) parsed into the shared query tree by the generated parser. */
import type { QueryParseResult } from '../query-tree';
import { parse, SyntaxError as DqlSyntaxError } from './dql-parser';

/** Parses DQL into the shared query tree (undefined for an empty query). */
export function parseDql(input: string): QueryParseResult {
  try {
    return { ok: true, tree: parse(input) ?? undefined };
  } catch (error) {
    if (error instanceof DqlSyntaxError)
      return { ok: false, error: { message: error.message, offset: error.location.start.offset } };
    throw error;
  }
}
