import type { QueryLanguage } from '../types';
import { suggestWql } from './suggest';
import { translateWql } from './translate';

export const wqlLanguage: QueryLanguage = {
  id: 'wql',
  label: 'WQL',
  translate: translateWql,
  suggest: suggestWql,
};
