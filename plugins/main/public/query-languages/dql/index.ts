import { parseDql } from '../../../common/query-languages/dql';
import { queryTreeToManagedApiQuery } from '../query-tree-to-q';
import type { QueryTranslation, SearchField, QueryLanguage } from '../types';

export function translateDql(input: string, fields: SearchField[]): QueryTranslation {
  const parsed = parseDql(input);
  return parsed.ok ? queryTreeToManagedApiQuery(parsed.tree, fields) : parsed;
}

export const dqlLanguage: QueryLanguage = { id: 'dql', label: 'DQL', translate: translateDql };
