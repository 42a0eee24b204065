/**
 * The datasets a request may read, as the search service uses them: each definition of
 * common/alerts/datasets with its field catalogue, and the alerts reading the configured pattern.
 */
import type { AlertsSelection, AlertsSort } from '@main/common/alerts/api';
import {
  ALERTS_DATASETS,
  type AlertsDatasetDefinition,
  type AlertsDatasetId,
} from '@main/common/alerts/datasets';
import { RequestFieldError } from '../../request-field-error';
import { FieldCatalogue } from './field-catalogue';

export interface SearchDataset {
  id: AlertsDatasetId;
  /** The indices read: the definition's, or for alerts `svc.indexer.alertsIndexPattern` in force. */
  readonly index: string;
  fields: FieldCatalogue;
  /** Null for a states dataset: no time range applies. */
  timeField: string | null;
  /** The field pinned to the manager's (or cluster's) name; absent: the scope's own (alerts). */
  pinField?: string;
  /** `api-host`: the pin field holds the API host's id (the dashboard's own job documents). */
  pinnedBy?: 'api-host';
  /** The field the user's visible agents limit; `null`: documents about no agent. */
  agentIdField: string | null;
  /** The longest time range read at once, and the config key that sets it. */
  maxRange?: DatasetRangeLimit;
  defaultSort: readonly AlertsSort[];
}

function searchDataset(
  definition: AlertsDatasetDefinition,
  alertsIndexPattern: () => string,
  maxRangeDays: DatasetRangeLimits,
): SearchDataset {
  return {
    id: definition.id,
    get index() {
      return definition.id === 'alerts' ? alertsIndexPattern() : definition.indexPattern;
    },
    fields: new FieldCatalogue(definition.fields),
    timeField: definition.timeField,
    ...(definition.pinField !== undefined && { pinField: definition.pinField }),
    ...(definition.pinnedBy !== undefined && { pinnedBy: definition.pinnedBy }),
    agentIdField: definition.agentIdField === undefined ? 'agent.id' : definition.agentIdField,
    ...(maxRangeDays[definition.id] !== undefined && { maxRange: maxRangeDays[definition.id] }),
    defaultSort: definition.defaultSort,
  };
}

interface DatasetRangeLimit {
  days: number;
  /** Named in the refusal, so an administrator knows what to raise. */
  configKey: string;
}

/** The longest time range each dataset is read over at once, where one is set. */
export type DatasetRangeLimits = Partial<Record<AlertsDatasetId, DatasetRangeLimit>>;

export class SearchDatasets {
  private readonly byId: ReadonlyMap<AlertsDatasetId, SearchDataset>;

  constructor(
    alertsIndexPattern: () => string,
    /** The alerts index patterns a selection may choose, the configured one included. */
    private readonly selectableAlertsIndexPatterns: () => readonly string[] = () => [
      alertsIndexPattern(),
    ],
    maxRangeDays: DatasetRangeLimits = {},
  ) {
    this.byId = new Map(
      ALERTS_DATASETS.map((definition) => [
        definition.id,
        searchDataset(definition, alertsIndexPattern, maxRangeDays),
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

  /**
   * The dataset a selection reads, on the alerts index pattern it chose when it chose one: only
   * the alerts take one, and only a pattern an administrator allowed (a 400 naming `indexPattern`).
   */
  forSelection(selection: Pick<AlertsSelection, 'dataset' | 'indexPattern'>): SearchDataset {
    const dataset = this.get(selection.dataset);
    const { indexPattern } = selection;
    if (indexPattern === undefined) return dataset;
    if (dataset.id !== 'alerts')
      throw new RequestFieldError(
        'indexPattern',
        `applies to the alerts only, not to dataset [${dataset.id}]`,
      );
    const allowed = this.selectableAlertsIndexPatterns();
    if (!allowed.includes(indexPattern))
      throw new RequestFieldError(
        'indexPattern',
        `[${indexPattern}] is not an index pattern users may choose: use ${allowed.join(', ')}`,
      );
    return { ...dataset, index: indexPattern };
  }

  list(): SearchDataset[] {
    return [...this.byId.values()];
  }
}
