import { useCallback } from 'react';
import { useAppUrlState } from '../components/app-url-state';
import { useSvcServices } from '../components/services-context';
import type { SearchSubmit } from '../components/search-bar/search-bar';
import { SvcError } from '../services/svc-error';
import type { ManagedApiQuery, SearchField } from '../query-languages/types';

const DEFAULT_LANGUAGE = 'wql';

/**
 * The search of a view, kept in the URL as typed (`query`, `syntax`) so a link shows the same bar;
 * `translate` turns it into the managed API's `q`/`search` when the list loads.
 */
export function useSearchUrlState(fields: SearchField[], prefix = '') {
  const { params, setParams } = useAppUrlState();
  const { queryLanguages } = useSvcServices();
  const key = (name: string) => (prefix ? `${prefix}.${name}` : name);
  const text = params.get(key('query')) ?? '';
  const language = params.get(key('syntax')) ?? DEFAULT_LANGUAGE;

  const translate = useCallback(async (): Promise<ManagedApiQuery> => {
    // Blank is no filter in any language: a list's first page need not wait for a language's code.
    if (text.trim() === '') return {};
    const translation = (await queryLanguages.load(language)).translate(text, fields);
    if (!translation.ok)
      throw new SvcError({
        title: 'The search is not valid',
        detail: translation.error.message,
        source: 'browser',
      });
    return translation.query;
  }, [queryLanguages, language, text, fields]);

  const submit = (change: SearchSubmit, resetPage: Record<string, undefined>) =>
    setParams(
      {
        [key('query')]: change.text,
        [key('syntax')]: change.language === DEFAULT_LANGUAGE ? undefined : change.language,
        ...resetPage,
      },
      { push: true },
    );
  const changeLanguage = (next: string) =>
    setParams({ [key('syntax')]: next === DEFAULT_LANGUAGE ? undefined : next });
  return { text, language, translate, submit, changeLanguage };
}
