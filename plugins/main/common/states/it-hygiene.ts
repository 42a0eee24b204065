/**
 * IT Hygiene as data: its tabs (the original's Dashboard, System, Software, Processes, Network,
 * Identity, Services), each tab's views (one states dataset each, with the original's panels), and
 * the Dashboard's fleet-wide figures. One page draws every view from these definitions.
 */
import type { AlertsFilter } from '../alerts/api';
import type { AlertsDatasetId } from '../alerts/datasets';
import { is, matchingKpi, panel, tablePanel, terms, totalKpi } from '../modules/builders';
import type { ModuleKpi, ModulePanel } from '../modules/types';

/** One table of a tab: a states dataset, the original's panels above it. */
export interface StatesView {
  id: string;
  title: string;
  dataset: AlertsDatasetId;
  /** Filters the view always applies (listening sockets are the ports with no remote end). */
  fixedFilters: AlertsFilter[];
  kpis: ModuleKpi[];
  panels: ModulePanel[];
}

export interface ItHygieneTab {
  id: string;
  title: string;
  /** The tab's views, the first one shown by default; none for the Dashboard. */
  views: StatesView[];
}

/** A listening socket has no remote end: the original marks it with destination port 0. */
const LISTENING: AlertsFilter = is('destination.port', 0);

const hbar = (id: string, title: string, field: string) =>
  panel(title, 'horizontal_bar', terms(id, field, 5));

function view(
  id: string,
  title: string,
  dataset: AlertsDatasetId,
  counted: string,
  panels: ModulePanel[],
  fixedFilters: AlertsFilter[] = [],
): StatesView {
  return { id, title, dataset, fixedFilters, kpis: [totalKpi(`${id}-total`, counted)], panels };
}

export const IT_HYGIENE_TABS: readonly ItHygieneTab[] = [
  { id: 'dashboard', title: 'Dashboard', views: [] },
  {
    id: 'system',
    title: 'System',
    views: [
      view('os', 'Operating systems', 'inventory-system', 'Hosts', [
        hbar('os-platforms', 'Top 5 platforms', 'host.os.platform'),
        hbar('os-names', 'Top 5 operating systems', 'host.os.name'),
        hbar('os-architectures', 'Architecture', 'host.architecture'),
      ]),
      view('hardware', 'Hardware', 'inventory-hardware', 'Hosts', [
        hbar('hardware-cpus', 'Top 5 CPU names', 'host.cpu.name'),
        hbar('hardware-cores', 'Top 5 CPU cores', 'host.cpu.cores'),
      ]),
    ],
  },
  {
    id: 'software',
    title: 'Software',
    views: [
      view('packages', 'Packages', 'inventory-packages', 'Installed packages', [
        tablePanel('Top 5 vendors', terms('packages-vendors', 'package.vendor', 5), [
          'Vendor',
          'Count',
        ]),
        hbar('packages-types', 'Package types', 'package.type'),
        hbar('packages-names', 'Top 5 packages', 'package.name'),
      ]),
      view('hotfixes', 'Windows KBs', 'inventory-hotfixes', 'Installed KBs', [
        hbar('hotfixes-names', 'Most common KBs', 'package.hotfix.name'),
      ]),
      view(
        'browser-extensions',
        'Browser extensions',
        'inventory-browser-extensions',
        'Extensions',
        [
          hbar('extensions-browsers', 'Top 5 browsers', 'browser.name'),
          hbar('extensions-names', 'Top 5 packages', 'package.name'),
        ],
      ),
    ],
  },
  {
    id: 'processes',
    title: 'Processes',
    views: [
      view('processes', 'Processes', 'inventory-processes', 'Running processes', [
        hbar('processes-names', 'Top 5 processes', 'process.name'),
        hbar('processes-states', 'Process states', 'process.state'),
      ]),
    ],
  },
  {
    id: 'network',
    title: 'Network',
    views: [
      view('networks', 'Addresses', 'inventory-networks', 'Addresses', [
        hbar('networks-types', 'Network types', 'network.type'),
        hbar('networks-interfaces', 'Top 5 interface names', 'interface.name'),
      ]),
      view('interfaces', 'Interfaces', 'inventory-interfaces', 'Interfaces', [
        hbar('interfaces-states', 'Interface states', 'interface.state'),
        hbar('interfaces-types', 'Interface types', 'interface.type'),
      ]),
      view('protocols', 'Protocols', 'inventory-protocols', 'Protocols', [
        hbar('protocols-types', 'Network types', 'network.type'),
        hbar('protocols-dhcp', 'DHCP enabled', 'network.dhcp'),
      ]),
      view(
        'listeners',
        'Listeners',
        'inventory-ports',
        'Listening sockets',
        [
          hbar('listeners-ports', 'Top 5 source ports', 'source.port'),
          hbar('listeners-transports', 'Transport protocols', 'network.transport'),
          hbar('listeners-processes', 'Top 5 processes', 'process.name'),
        ],
        [LISTENING],
      ),
      view(
        'traffic',
        'Traffic',
        'inventory-ports',
        'Connections',
        [
          hbar('traffic-ports', 'Top 5 destination ports', 'destination.port'),
          hbar('traffic-transports', 'Transport protocols', 'network.transport'),
          hbar('traffic-processes', 'Top 5 processes', 'process.name'),
        ],
        [{ ...LISTENING, negate: true }],
      ),
    ],
  },
  {
    id: 'identity',
    title: 'Identity',
    views: [
      view('users', 'Users', 'inventory-users', 'Users', [
        hbar('users-names', 'Top 5 users', 'user.name'),
        hbar('users-groups', 'Top 5 user groups', 'user.groups'),
        hbar('users-shells', 'Top 5 user shells', 'user.shell'),
      ]),
      view('groups', 'Groups', 'inventory-groups', 'Groups', [
        hbar('groups-names', 'Top 5 groups', 'group.name'),
      ]),
    ],
  },
  {
    id: 'services',
    title: 'Services',
    views: [
      view('services', 'Services', 'inventory-services', 'Services', [
        hbar('services-names', 'Top 5 services', 'service.name'),
        hbar('services-states', 'Service states', 'service.state'),
      ]),
    ],
  },
];

/**
 * A Dashboard panel: top values counted in one inventory index (so extensions never count as
 * packages, nor connections as listening ports); a click opens the tab's view filtered on it.
 */
export interface FleetPanel {
  panel: ModulePanel;
  tab: string;
  view: string;
}

function fleetPanel(tab: string, viewId: string, title: string, field: string): FleetPanel {
  return { panel: hbar(`top-${viewId}`, title, field), tab, view: viewId };
}

export const FLEET_PANELS: readonly FleetPanel[] = [
  fleetPanel('system', 'os', 'Top 5 operating systems', 'host.os.name'),
  fleetPanel('software', 'packages', 'Top 5 packages', 'package.name'),
  fleetPanel('network', 'listeners', 'Top 5 listening ports', 'source.port'),
  fleetPanel('processes', 'processes', 'Top 5 processes', 'process.name'),
];

/**
 * The Dashboard's figures, counted over every inventory index at once in one request: each kind of
 * document told apart by a field only it carries.
 */
export const FLEET_KPIS: readonly ModuleKpi[] = [
  matchingKpi('fleet-hosts', 'Hosts', [{ type: 'exists', field: 'host.os.platform' }]),
  matchingKpi('fleet-packages', 'Installed packages', [
    { type: 'exists', field: 'package.vendor' },
    { type: 'exists', field: 'browser.name', negate: true },
  ]),
  matchingKpi('fleet-processes', 'Running processes', [
    { type: 'exists', field: 'process.parent.pid' },
  ]),
  matchingKpi('fleet-listeners', 'Listening sockets', [LISTENING]),
];

/** The views of the tab `tabId` (none when unknown). */
export function itHygieneTab(tabId: string | null): ItHygieneTab {
  return IT_HYGIENE_TABS.find((tab) => tab.id === tabId) ?? IT_HYGIENE_TABS[0];
}

/** The view of a dataset in its fleet panel's tab. */
export function statesView(tabId: string, viewId: string): StatesView | undefined {
  return itHygieneTab(tabId).views.find((entry) => entry.id === viewId);
}
