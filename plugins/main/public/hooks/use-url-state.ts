import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { ScopedHistory } from '@host/public/types';

type UrlStateChanges = Record<string, string | number | undefined>;
export type SetUrlState = (changes: UrlStateChanges, options?: { push?: boolean }) => void;

/**
 * The view's state kept in the URL's query string (host, filters, page, sort), so a copied link
 * opens the same view. Changes replace the entry by default: typing in a filter should not fill
 * the back button; pass `push` for steps the user may want to go back to.
 */
export function useUrlState(history: ScopedHistory): [URLSearchParams, SetUrlState] {
  const search = useSyncExternalStore(
    (listener) => history.listen(listener),
    () => history.location.search,
  );
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const update = useCallback<SetUrlState>(
    (changes, options = {}) => {
      const next = new URLSearchParams(history.location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      const query = next.toString();
      const search = query ? `?${query}` : '';
      if (search === history.location.search) return;
      const to = { pathname: history.location.pathname, search };
      if (options.push) history.push(to);
      else history.replace(to);
    },
    [history],
  );
  return [params, update];
}
