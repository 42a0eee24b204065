/**
 * Ids and navigation metadata of the svc apps. A leaf module: apps link to one another through it,
 * while `app-definitions.ts` adds each app's code loader on top, so no app imports its own loader.
 */
import type { AppCategory } from '@host/public/types';

/** Settings is where hosts are added; views without a host point there. */
export const SETTINGS_APP_ID = 'svc-settings';
/** The API console, linked from Settings. */
export const CONSOLE_APP_ID = 'svc-console';

export const SVC_APP_CATEGORY: AppCategory = {
  id: 'svc',
  label: 'Security',
  order: 100,
  euiIconType: 'securityApp',
};

export interface SvcAppMetadata {
  id: string;
  title: string;
  order: number;
  euiIconType: string;
  description: string;
}

export const SVC_APP_METADATA = [
  {
    id: 'svc-overview',
    title: 'Overview',
    order: 1,
    euiIconType: 'dashboardApp',
    description: 'Agents by status, manager state, API host and version',
  },
  {
    id: 'svc-threat-hunting',
    title: 'Threat Hunting',
    order: 2,
    euiIconType: 'bullseye',
    description: 'Security alerts from the indexer: search, filters, charts, events and CSV export',
  },
  {
    id: 'svc-modules',
    title: 'Modules',
    order: 3,
    euiIconType: 'securityAnalyticsApp',
    description:
      'Security modules by category: integrity, MITRE ATT&CK, compliance, cloud and more, with reports',
  },
  {
    id: 'svc-agents',
    title: 'Agents',
    order: 4,
    euiIconType: 'agentApp',
    description: 'Agents of the managed API: search, add, restart, group, delete, export',
  },
  {
    id: 'svc-rules',
    title: 'Rules',
    order: 5,
    euiIconType: 'list',
    description: 'Detection rules',
  },
  {
    id: 'svc-decoders',
    title: 'Decoders',
    order: 6,
    euiIconType: 'documents',
    description: 'Decoders and decoder files',
  },
  {
    id: 'svc-lists',
    title: 'CDB lists',
    order: 7,
    euiIconType: 'visTable',
    description: 'CDB lists the rules look keys up in: edit rows, export CSV',
  },
  {
    id: 'svc-groups',
    title: 'Groups',
    order: 8,
    euiIconType: 'usersRolesApp',
    description: 'Groups of agents and their shared configuration (agent.conf)',
  },
  {
    id: 'svc-sca',
    title: 'SCA',
    order: 9,
    euiIconType: 'checkCircle',
    description: 'Security configuration assessment of an agent',
  },
  {
    id: 'svc-server',
    title: 'Server',
    order: 10,
    euiIconType: 'compute',
    description: 'Manager status, configuration and logs summary',
  },
  {
    id: SETTINGS_APP_ID,
    title: 'Settings',
    order: 11,
    euiIconType: 'gear',
    description: 'API hosts, the host in use, updates and the API console',
  },
  {
    id: CONSOLE_APP_ID,
    title: 'API console',
    order: 12,
    euiIconType: 'consoleApp',
    description: 'Send requests to a managed API host: completion, history, copy as curl',
  },
] as const satisfies readonly SvcAppMetadata[];

export type SvcAppId = (typeof SVC_APP_METADATA)[number]['id'];
