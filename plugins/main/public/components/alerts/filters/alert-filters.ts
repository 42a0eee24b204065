/** Filter pills of alert views: what a pill says, and the changes cells, charts and the editor make. */
import type { AlertsFilter } from '../../../../common/alerts/api';

type Scalar = string | number | boolean;

/** "agent.name: web01", "NOT rule.groups: is one of a, b", "rule.level: 12 to 15". */
export function describeFilter(filter: AlertsFilter): string {
  const prefix = filter.negate ? 'NOT ' : '';
  switch (filter.type) {
    case 'is':
      return `${prefix}${filter.field}: ${String(filter.value)}`;
    case 'is_one_of':
      return `${prefix}${filter.field}: is one of ${filter.values.map(String).join(', ')}`;
    case 'exists':
      return `${prefix}${filter.field}: exists`;
    case 'between': {
      const from = filter.gte === undefined ? '−∞' : String(filter.gte);
      const to = filter.lte === undefined ? '+∞' : String(filter.lte);
      return `${prefix}${filter.field}: ${from} to ${to}`;
    }
  }
}

function sameSelection(a: AlertsFilter, b: AlertsFilter): boolean {
  if (a.field !== b.field || a.type !== b.type) return false;
  switch (a.type) {
    case 'is':
      return a.value === (b as typeof a).value;
    case 'is_one_of':
      return a.values.join('\u0000') === (b as typeof a).values.join('\u0000');
    case 'exists':
      return true;
    case 'between':
      return a.gte === (b as typeof a).gte && a.lte === (b as typeof a).lte;
  }
}

/**
 * Adds `filter`; one that selects the same alerts replaces its twin (filter out after filter for
 * turns the pill around and enables it) instead of piling up contradicting pills.
 */
export function addFilter(filters: AlertsFilter[], filter: AlertsFilter): AlertsFilter[] {
  const twin = filters.findIndex((existing) => sameSelection(existing, filter));
  if (twin === -1) return [...filters, filter];
  return filters.map((existing, index) => (index === twin ? filter : existing));
}

/** The filter a "filter for" (or "filter out") of one value makes. */
export function valueFilter(field: string, value: Scalar, negate = false): AlertsFilter {
  return { field, type: 'is', value, ...(negate ? { negate: true } : {}) };
}

export function existsFilter(field: string, negate = false): AlertsFilter {
  return { field, type: 'exists', ...(negate ? { negate: true } : {}) };
}

export function updateFilter(
  filters: AlertsFilter[],
  index: number,
  change: Partial<Pick<AlertsFilter, 'negate' | 'disabled'>>,
): AlertsFilter[] {
  return filters.map((filter, at) => {
    if (at !== index) return filter;
    const next = { ...filter, ...change };
    // Flags are left out rather than false, so the URL keeps only what differs from the default.
    if (!next.negate) delete next.negate;
    if (!next.disabled) delete next.disabled;
    return next;
  });
}

export function removeFilter(filters: AlertsFilter[], index: number): AlertsFilter[] {
  return filters.filter((_, at) => at !== index);
}
