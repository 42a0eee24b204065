import { createContext, useContext, type ReactNode } from 'react';
import type { ScopedHistory } from '@host/public/types';
import { useUrlState, type SetUrlState } from '../hooks/use-url-state';

export interface AppUrlState {
  history: ScopedHistory;
  params: URLSearchParams;
  setParams: SetUrlState;
}

const AppUrlStateContext = createContext<AppUrlState | undefined>(undefined);

export function AppUrlStateProvider({
  history,
  children,
}: {
  history: ScopedHistory;
  children: (state: AppUrlState) => ReactNode;
}) {
  const [params, setParams] = useUrlState(history);
  const state = { history, params, setParams };
  return <AppUrlStateContext.Provider value={state}>{children(state)}</AppUrlStateContext.Provider>;
}

/** The app's URL query (host, filters, page, sort) and the way to change it. */
export function useAppUrlState(): AppUrlState {
  const state = useContext(AppUrlStateContext);
  if (!state) throw new Error('useAppUrlState needs an AppUrlStateProvider above it');
  return state;
}
