/**
 * Ids and navigation metadata of the svc apps. A leaf module: apps link to one another through it,
 * while `app-definitions.ts` adds each app's code loader on top, so no app imports its own loader.
 */
import type { AppCategory } from '@host/public/types';
import { MODULE_CATEGORIES } from '../../common/modules';
import type { ModuleCategory } from '../../common/modules/types';

/** Settings is where hosts are added; views without a host point there. */
export const SETTINGS_APP_ID = 'svc-settings';
/** The API console, linked from Settings. */
export const CONSOLE_APP_ID = 'svc-console';
/** The health check, where the first open after an upgrade points when a check fails. */
export const HEALTH_CHECK_APP_ID = 'svc-health-check';

/**
 * The navigation's groups, as the original groups its apps: Overview on top, the four module
 * categories (their ids, titles and orders are the modules' own), then agents, the server and the
 * dashboard's own management.
 */
const HOME_CATEGORY: AppCategory = { id: 'home', label: 'Home', order: 0, euiIconType: 'home' };

const MODULE_CATEGORY_ICONS: Record<ModuleCategory['id'], string> = {
  'endpoint-security': 'monitoringApp',
  'threat-intelligence': 'lensApp',
  'security-operations': 'securityApp',
  'cloud-security': 'watchesApp',
};

/** The module categories as navigation groups, by the modules' category id. */
export const MODULE_APP_CATEGORIES = Object.fromEntries(
  MODULE_CATEGORIES.map((category) => [
    category.id,
    {
      id: category.id,
      label: category.title,
      order: category.order,
      euiIconType: MODULE_CATEGORY_ICONS[category.id],
    },
  ]),
) as Record<ModuleCategory['id'], AppCategory>;

const AGENTS_MANAGEMENT: AppCategory = {
  id: 'agents-management',
  label: 'Agents management',
  order: 600,
  euiIconType: 'graphApp',
};
const SERVER_MANAGEMENT: AppCategory = {
  id: 'server-management',
  label: 'Server management',
  order: 700,
  euiIconType: 'indexRollupApp',
};
const DASHBOARD_MANAGEMENT: AppCategory = {
  id: 'dashboard-management',
  label: 'Dashboard management',
  order: 6000,
  euiIconType: 'dashboardApp',
};

export interface SvcAppMetadata {
  id: string;
  title: string;
  order: number;
  euiIconType: string;
  description: string;
  category: AppCategory;
}

export const SVC_APP_METADATA = [
  {
    id: 'svc-overview',
    title: 'Overview',
    order: 1,
    euiIconType: 'dashboardApp',
    category: HOME_CATEGORY,
    description: 'Agents by status, manager state, API host and version',
  },
  {
    id: 'svc-threat-hunting',
    title: 'Threat Hunting',
    order: 300,
    euiIconType: 'bullseye',
    category: MODULE_APP_CATEGORIES['threat-intelligence'],
    description: 'Security alerts from the indexer: search, filters, charts, events and CSV export',
  },
  {
    id: 'svc-it-hygiene',
    title: 'IT Hygiene',
    order: 302,
    euiIconType: 'package',
    category: MODULE_APP_CATEGORIES['security-operations'],
    description:
      "The fleet's current state: systems, packages, processes, ports, users and services by agent",
  },
  {
    id: 'svc-modules',
    title: 'Modules',
    order: 2,
    euiIconType: 'securityAnalyticsApp',
    category: HOME_CATEGORY,
    description:
      'Security modules by category: integrity, MITRE ATT&CK, compliance, cloud and more, with reports',
  },
  {
    id: 'svc-agents',
    title: 'Agents',
    order: 600,
    euiIconType: 'agentApp',
    category: AGENTS_MANAGEMENT,
    description: 'Agents of the managed API: search, add, restart, group, delete, export',
  },
  {
    id: 'svc-rules',
    title: 'Rules',
    order: 700,
    euiIconType: 'list',
    category: SERVER_MANAGEMENT,
    description: 'Detection rules',
  },
  {
    id: 'svc-decoders',
    title: 'Decoders',
    order: 701,
    euiIconType: 'documents',
    category: SERVER_MANAGEMENT,
    description: 'Decoders and decoder files',
  },
  {
    id: 'svc-lists',
    title: 'CDB lists',
    order: 702,
    euiIconType: 'visTable',
    category: SERVER_MANAGEMENT,
    description: 'CDB lists the rules look keys up in: edit rows, export CSV',
  },
  {
    id: 'svc-groups',
    title: 'Groups',
    order: 601,
    euiIconType: 'usersRolesApp',
    category: AGENTS_MANAGEMENT,
    description: 'Groups of agents and their shared configuration (agent.conf)',
  },
  {
    id: 'svc-sca',
    title: 'SCA',
    order: 203,
    euiIconType: 'checkCircle',
    category: MODULE_APP_CATEGORIES['endpoint-security'],
    description: 'Security configuration assessment of an agent',
  },
  {
    id: 'svc-server',
    title: 'Server',
    order: 703,
    euiIconType: 'compute',
    category: SERVER_MANAGEMENT,
    description: 'Manager status, configuration and logs summary',
  },
  {
    id: 'svc-security',
    title: 'Security',
    order: 710,
    euiIconType: 'securityApp',
    category: SERVER_MANAGEMENT,
    description: "The managed API's RBAC: users, roles, policies and roles mapping",
  },
  {
    id: SETTINGS_APP_ID,
    title: 'Settings',
    order: 6003,
    euiIconType: 'gear',
    category: DASHBOARD_MANAGEMENT,
    description: 'API hosts, the host in use, updates and the API console',
  },
  {
    id: 'svc-app-settings',
    title: 'App settings',
    order: 6004,
    euiIconType: 'controls',
    category: DASHBOARD_MANAGEMENT,
    description:
      'Settings administrators change while the dashboard runs: time-outs, alerts patterns, limits, jobs, branding',
  },
  {
    id: HEALTH_CHECK_APP_ID,
    title: 'Health check',
    order: 6005,
    euiIconType: 'heartbeatApp',
    category: DASHBOARD_MANAGEMENT,
    description: 'Checks of the managed API, its version, the indexer and the index patterns',
  },
  {
    id: CONSOLE_APP_ID,
    title: 'API console',
    order: 708,
    euiIconType: 'consoleApp',
    category: SERVER_MANAGEMENT,
    description: 'Send requests to a managed API host: completion, history, copy as curl',
  },
] as const satisfies readonly SvcAppMetadata[];

export type SvcAppId = (typeof SVC_APP_METADATA)[number]['id'];
