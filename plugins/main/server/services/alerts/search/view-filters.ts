/**
 * What a view selects, decided here only: a view (a module, or an agent's Security events) reads
 * alerts with its fixed filters, or the states dataset its dashboard counts, as is. Pages, charts,
 * exports and reports all name their view and get the same selection.
 */
import type { AlertsFilter } from '@main/common/alerts/api';
import type { AlertsDatasetId } from '@main/common/alerts/datasets';
import { MODULES } from '@main/common/modules';
import { agentSecurityEvents } from '@main/common/modules/security-events';
import type { AlertsViewDefinition } from '@main/common/modules/types';
import { RequestFieldError } from '../../request-field-error';

const VIEWS: ReadonlyMap<string, AlertsViewDefinition> = new Map(
  [...MODULES, agentSecurityEvents].map((view) => [view.id, view]),
);

/** Every view a request may name. */
export function alertsViews(): AlertsViewDefinition[] {
  return [...VIEWS.values()];
}

/** The filters `viewId` fixes on `dataset` (none without a view); a 400 when it cannot read it. */
export function viewFilters(
  viewId: string | undefined,
  dataset: AlertsDatasetId,
): readonly AlertsFilter[] {
  if (viewId === undefined) return [];
  const view = VIEWS.get(viewId);
  if (!view) throw new RequestFieldError('view', `[${viewId}] is not a view`);
  if (dataset === 'alerts') return view.fixedFilters;
  if (dataset === view.dashboard.source) return [];
  throw new RequestFieldError(
    'dataset',
    `view [${viewId}] reads alerts${view.dashboard.source === 'alerts' ? '' : ` or ${view.dashboard.source}`}, not [${dataset}]`,
  );
}
