/**
 * The alerts a module page shows: the user's range, query and filters from the URL, the view it is
 * (whose fixed filters the server applies) and the pinned agent, as one selection for the alerts
 * routes.
 */
import { useMemo } from 'react';
import type { AlertsSelection } from '../../../common/alerts/api';
import type { AlertsViewDefinition } from '../../../common/modules/types';
import {
  readAlertsViewState,
  type AlertsViewState,
} from '../../components/alerts/alerts-view-state';
import { useAppUrlState } from '../../components/app-url-state';
import { AGENT_URL_PARAM, readAgentParam } from './module-links';

/** The selection of a view: the view, the user's filters; the agent when one is pinned. */
export function moduleSelection(
  apiHostId: string,
  view: AlertsViewDefinition,
  state: Pick<AlertsViewState, 'timeRange' | 'query' | 'filters'>,
  agentId: string | undefined,
): AlertsSelection {
  return {
    apiHostId,
    view: view.id,
    timeRange: state.timeRange,
    query: state.query,
    filters: state.filters,
    ...(agentId && { agentId }),
  };
}

export interface ModuleViewState {
  state: AlertsViewState;
  agentId?: string;
  /** Stable while the selection's parts do not change (the URL object is new on every change). */
  selection: AlertsSelection;
}

export function useModuleSelection(apiHostId: string, view: AlertsViewDefinition): ModuleViewState {
  const { params } = useAppUrlState();
  const state = readAlertsViewState(params);
  const agentId = readAgentParam(params.get(AGENT_URL_PARAM));
  const key = JSON.stringify(moduleSelection(apiHostId, view, state, agentId));
  const selection = useMemo(() => JSON.parse(key) as AlertsSelection, [key]);
  return { state, agentId, selection };
}
