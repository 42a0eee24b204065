/**
 * The query tree DQL and Lucene parse into, shared by the browser (which turns it into the managed
 * API's `q`) and the server (which turns it into the indexer's query DSL).
 */

export interface QuerySyntaxError {
  message: string;
  /** Character offset in the input where the problem starts. */
  offset: number;
}

export type QueryNode =
  | { type: 'and' | 'or'; children: QueryNode[] }
  | { type: 'not'; child: QueryNode; offset: number }
  | { type: 'match'; field: string; value: string; quoted: boolean; offset: number }
  | {
      type: 'range';
      field: string;
      operator: '<' | '<=' | '>' | '>=';
      value: string;
      offset: number;
    }
  | { type: 'text'; value: string; quoted: boolean; offset: number };

export type QueryParseResult =
  { ok: true; tree: QueryNode | undefined } | { ok: false; error: QuerySyntaxError };
