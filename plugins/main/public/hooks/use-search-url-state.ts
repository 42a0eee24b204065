import { useCallback } from 'react';
import { useAppUrlState } from '../components/app-url-state';
import { useSvcServices } from '../components/services-context';
import type { SearchSubmit } from '../components/search-bar/search-bar';
import { SvcError } from '../services/svc-error';
import type { ManagedApiQuery, SearchField } from '../query-languages/types';

const DEFAULT_SYNTAX = 'wql';

/**
 * The search of a view, kept in the URL as typed (`query`, `syntax`) so a link shows the same bar;
 * `translate` turns it into the managed API's `q`/`search` when the list loads.
 */
export function useSearchUrlState(fields: SearchField[], prefix = '') {
  const { params, setParams } = useAppUrlState();
  const { syntaxes } = useSvcServices();
  const key = (name: string) => (prefix ? `${prefix}.${name}` : name);
  const text = params.get(key('query')) ?? '';
  const syntax = params.get(key('syntax')) ?? DEFAULT_SYNTAX;

  const translate = useCallback(async (): Promise<ManagedApiQuery> => {
    // Blank is no filter in every syntax: the first page of a list need not wait for a syntax's code.
    if (text.trim() === '') return {};
    const translation = (await syntaxes.load(syntax)).translate(text, fields);
    if (!translation.ok)
      throw new SvcError({
        title: 'The search is not valid',
        detail: translation.error.message,
        source: 'browser',
      });
    return translation.query;
  }, [syntaxes, syntax, text, fields]);

  const submit = (change: SearchSubmit, resetPage: Record<string, undefined>) =>
    setParams(
      {
        [key('query')]: change.text,
        [key('syntax')]: change.syntax === DEFAULT_SYNTAX ? undefined : change.syntax,
        ...resetPage,
      },
      { push: true },
    );
  const changeSyntax = (next: string) =>
    setParams({ [key('syntax')]: next === DEFAULT_SYNTAX ? undefined : next });
  return { text, syntax, translate, submit, changeSyntax };
}
