/** Docker: events of the Docker engines the agents watch. */
import {
  eventColumns,
  is,
  overTime,
  panel,
  summary,
  tablePanel,
  tabs,
  terms,
  topRulesTable,
  totalKpi,
} from './builders';
import type { ModuleDefinition } from './types';

const IMAGE = 'data.docker.Actor.Attributes.image';
const CONTAINER = 'data.docker.Actor.Attributes.name';

export const docker: ModuleDefinition = {
  id: 'docker',
  title: 'Docker',
  description:
    'Container, image, volume and network events of the Docker engines the agents watch.',
  category: 'cloud-security',
  order: 500,
  fixedFilters: [is('rule.groups', 'docker')],
  columns: eventColumns(IMAGE, 'data.docker.Action'),
  tabs: tabs('dashboard', 'events'),
  dashboard: {
    source: 'alerts',
    kpis: [totalKpi('docker-total')],
    panels: [
      panel('Top 5 images', 'pie', terms('docker-images', IMAGE, 5)),
      panel('Top 5 events', 'pie', terms('docker-actions', 'data.docker.Action', 5)),
      panel(
        'Events by source over time',
        'area',
        overTime('docker-types-over-time', ['data.docker.Type', 5]),
      ),
      panel('Top 5 agents', 'pie', terms('docker-agents', 'agent.name', 5)),
      tablePanel(
        'Events by agent',
        terms('docker-agent-actions', 'agent.name', 5, ['data.docker.Action', 5]),
        ['Agent', 'Event', 'Alerts'],
      ),
    ],
    agentPanels: [
      panel('Top 5 images', 'pie', terms('docker-images', IMAGE, 5)),
      panel('Top 5 events', 'pie', terms('docker-actions', 'data.docker.Action', 5)),
      panel(
        'Events by source over time',
        'area',
        overTime('docker-types-over-time', ['data.docker.Type', 5]),
      ),
      tablePanel(
        'Events by container',
        terms('docker-container-actions', CONTAINER, 5, ['data.docker.Action', 5]),
        ['Container', 'Event', 'Alerts'],
      ),
    ],
  },
  summaryTables: [
    summary(
      'Events by image',
      terms('docker-image-actions', IMAGE, 10, ['data.docker.Action', 3]),
      ['Image', 'Event', 'Alerts'],
    ),
    topRulesTable('docker'),
  ],
};
