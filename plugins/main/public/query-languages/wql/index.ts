import type { SearchSyntax } from '../types';
import { suggestWql } from './suggest';
import { translateWql } from './translate';

export const wqlSyntax: SearchSyntax = {
  id: 'wql',
  label: 'WQL',
  translate: translateWql,
  suggest: suggestWql,
};
