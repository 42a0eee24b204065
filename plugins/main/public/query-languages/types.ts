/**
 * The search bars' query languages. Each turns what the user typed into the managed API's own
 * filter parameters (`q` and `search`), so a view can send it through the proxy unchanged.
 */
import type { QuerySyntaxError } from '../../common/query-languages/query-tree';

export type { QueryNode, QuerySyntaxError } from '../../common/query-languages/query-tree';

/** A field a view can be filtered on. */
export interface SearchField {
  /** Name as the managed API's `q` knows it (`os.platform`). */
  name: string;
  description?: string;
  /** Values offered as suggestions without asking the API (enums such as agent status). */
  values?: string[];
}

/** Filter parameters of a managed-API list endpoint. */
export interface ManagedApiQuery {
  q?: string;
  search?: string;
}

export type QueryTranslation =
  { ok: true; query: ManagedApiQuery } | { ok: false; error: QuerySyntaxError };

export type SuggestionKind = 'field' | 'operator' | 'value' | 'conjunction' | 'group';

export interface Suggestion {
  kind: SuggestionKind;
  label: string;
  description?: string;
  /** Text that replaces `input.slice(replaceFrom, replaceTo)`. */
  insertText: string;
  replaceFrom: number;
  replaceTo: number;
}

/** Asks the managed API for values of a field that start with or contain `prefix`. */
export type ValueSuggester = (
  field: string,
  prefix: string,
  signal: AbortSignal,
) => Promise<string[]>;

export interface SuggestionContext {
  fields: SearchField[];
  suggestValues?: ValueSuggester;
  signal: AbortSignal;
}

export interface QueryLanguage {
  id: string;
  label: string;
  /**
   * Parses `input`, checks it against the view's fields and translates it to `q`/`search`. Blank
   * input is no filter (`{}`) in every language, so a list with an empty search loads none.
   */
  translate(input: string, fields: SearchField[]): QueryTranslation;
  /** Completions at `cursor`; languages without completion leave this out. */
  suggest?(input: string, cursor: number, context: SuggestionContext): Promise<Suggestion[]>;
}
