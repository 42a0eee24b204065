/**
 * The datasets a request may read, as the search service uses them: each definition of
 * common/alerts/datasets with its field catalogue, and the alerts reading the configured pattern.
 */
import type { AlertsSort } from '@main/common/alerts/api';
import {
  ALERTS_DATASETS,
  type AlertsDatasetDefinition,
  type AlertsDatasetId,
} from '@main/common/alerts/datasets';
import { RequestFieldError } from '../../request-field-error';
import { AlertFieldCatalogue } from './alert-fields';

export interface SearchDataset {
  id: AlertsDatasetId;
  /** The indices read: the definition's, or for alerts `svc.indexer.alertsIndexPattern`. */
  index: string;
  fields: AlertFieldCatalogue;
  /** Null for a states dataset: no time range applies. */
  timeField: string | null;
  /** The field pinned to the manager's (or cluster's) name; absent: the scope's own (alerts). */
  pinField?: string;
  defaultSort: readonly AlertsSort[];
}

function searchDataset(
  definition: AlertsDatasetDefinition,
  alertsIndexPattern: string,
): SearchDataset {
  return {
    id: definition.id,
    index: definition.id === 'alerts' ? alertsIndexPattern : definition.indexPattern,
    fields: new AlertFieldCatalogue(definition.fields),
    timeField: definition.timeField,
    ...(definition.pinField !== undefined && { pinField: definition.pinField }),
    defaultSort: definition.defaultSort,
  };
}

export class SearchDatasets {
  private readonly byId: ReadonlyMap<AlertsDatasetId, SearchDataset>;

  constructor(alertsIndexPattern: string) {
    this.byId = new Map(
      ALERTS_DATASETS.map((definition) => [
        definition.id,
        searchDataset(definition, alertsIndexPattern),
      ]),
    );
  }

  /** The dataset `id` names (default alerts); an unknown one is a 400 naming `path`. */
  get(id: string | undefined, path = 'dataset'): SearchDataset {
    const dataset = this.byId.get((id ?? 'alerts') as AlertsDatasetId);
    if (!dataset)
      throw new RequestFieldError(
        path,
        `[${id}] is not a dataset: use ${[...this.byId.keys()].join(', ')}`,
      );
    return dataset;
  }

  list(): SearchDataset[] {
    return [...this.byId.values()];
  }
}
