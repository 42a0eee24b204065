// Every view definition (each module, and an agent's Security events) is a request the search
// service accepts, checked by the service's own code: its fixed filters through the filter
// translation, its columns as readable fields, and every chart set it sends together (dashboard
// with and without a pinned agent, report tables, Controls, Framework) through the chart planner,
// on the dataset it reads, within a bucket budget far below svc.indexer.maxBuckets.
import type { AlertsChartRequest } from '@main/common/alerts/api';
import { dashboardCharts } from '@main/common/modules';
import type { AlertsViewDefinition, ModuleDefinition } from '@main/common/modules/types';
import { SearchDatasets } from './datasets';
import { planCharts } from './charts';
import { checkedField } from './field-checks';
import { selectionClauses } from './selection-query';
import { resolveTimeRange } from './time-range';
import { alertsViews, viewFilters } from './view-filters';

const now = new Date('2026-11-28T12:00:00Z');
const datasets = new SearchDatasets('wazuh-alerts-*');
/** Most buckets one dashboard or report request of a view may ask for. */
const DASHBOARD_BUCKETS = 2_000;
/** The Framework and Controls tabs list a whole catalogue. */
const CATALOGUE_BUCKETS = 2_000;

function plan(view: AlertsViewDefinition, charts: AlertsChartRequest[], maxBuckets: number) {
  const dataset = datasets.get(view.dashboard.source);
  return planCharts(charts, {
    fields: dataset.fields,
    ...(dataset.timeField && {
      time: {
        field: dataset.timeField,
        range: resolveTimeRange({ from: 'now-7d', to: 'now' }, now),
      },
    }),
    now,
    maxBuckets,
    path: 'charts',
  });
}

const views = alertsViews().map((view) => [view.id, view] as const);

describe('view definitions through the search service', () => {
  it('names every module and the Security events', () => {
    expect(views.map(([id]) => id)).toContain('security-events');
    expect(views).toHaveLength(17);
  });

  it.each(views)('%s: its fixed filters select alerts', (id, view) => {
    const alerts = datasets.get('alerts');
    const clauses = selectionClauses(
      { apiHostId: 'h' },
      alerts.fields,
      now,
      viewFilters(id, 'alerts'),
    );
    expect(clauses.filter.length + clauses.mustNot.length).toBe(view.fixedFilters.length);
  });

  it.each(views)(
    '%s: its dashboard, with and without an agent, is one valid request',
    (_id, view) => {
      for (const pinned of [false, true])
        expect(() => plan(view, dashboardCharts(view, pinned), DASHBOARD_BUCKETS)).not.toThrow();
      for (const kpi of view.dashboard.kpis) {
        const { chart } = kpi;
        const oneFigure =
          chart.type === 'count' ||
          (chart.type === 'filters' && Object.keys(chart.filters).length === 1) ||
          (chart.type === 'range' && chart.ranges.length === 1);
        expect([kpi.title, oneFigure]).toEqual([kpi.title, true]);
      }
    },
  );

  it.each(views)('%s: its report tables are one valid request', (_id, view) => {
    expect(() =>
      plan(
        view,
        view.summaryTables.map((table) => table.chart),
        DASHBOARD_BUCKETS,
      ),
    ).not.toThrow();
    for (const table of view.summaryTables)
      expect(table.columns).toHaveLength(2 + (table.chart.split ? 1 : 0));
    for (const panel of [...view.dashboard.panels, ...view.dashboard.agentPanels])
      if (panel.kind === 'table')
        expect(panel.columns).toHaveLength(
          2 + (panel.chart.type === 'terms' && panel.chart.split ? 1 : 0),
        );
  });

  const modules = views.filter(
    (entry): entry is readonly [string, ModuleDefinition] => 'columns' in entry[1],
  );

  it.each(modules)('%s: its Events columns, Controls and Framework are valid', (_id, module) => {
    const alerts = datasets.get('alerts');
    for (const [index, column] of module.columns.entries())
      expect(() => checkedField(alerts.fields, column, `columns.${index}`, 'read')).not.toThrow();
    const catalogue = [
      ...(module.controls ? [module.controls.chart] : []),
      ...(module.framework ? [module.framework.tactics, module.framework.techniques] : []),
    ];
    for (const chart of catalogue)
      expect(() =>
        planCharts([chart], {
          fields: alerts.fields,
          now,
          maxBuckets: CATALOGUE_BUCKETS,
          path: 'charts',
        }),
      ).not.toThrow();
  });

  it('refuses a view that is not one, and a dataset the view does not read', () => {
    expect(() => viewFilters('no-such-view', 'alerts')).toThrow('[no-such-view] is not a view');
    expect(() => viewFilters('pci-dss', 'inventory-packages')).toThrow(
      'view [pci-dss] reads alerts, not [inventory-packages]',
    );
    expect(viewFilters('vulnerability-detection', 'vulnerabilities')).toEqual([]);
  });
});
