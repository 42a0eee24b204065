import { parseLucene } from '../../../common/query-languages/lucene';
import { queryTreeToManagedApiQuery } from '../query-tree-to-q';
import type { QueryTranslation, SearchField, QueryLanguage } from '../types';

export function translateLucene(input: string, fields: SearchField[]): QueryTranslation {
  const parsed = parseLucene(input);
  return parsed.ok ? queryTreeToManagedApiQuery(parsed.tree, fields) : parsed;
}

export const luceneLanguage: QueryLanguage = {
  id: 'lucene',
  label: 'Lucene',
  translate: translateLucene,
};
