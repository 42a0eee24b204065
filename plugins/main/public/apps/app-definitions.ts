/**
 * The svc apps and their navigation links. Each app's code is loaded by its `mount`, so every app
 * is its own chunk and the entry bundle stays small.
 */
import type {
  AppCategory,
  AppMountParameters,
  UnmountCallback,
} from '../../../../host/public/types';
import type { SvcServices } from '../services/svc-services';

/** Settings is where hosts are added; views without a host point there. */
export const SETTINGS_APP_ID = 'svc-settings';

export const SVC_APP_CATEGORY: AppCategory = {
  id: 'svc',
  label: 'Security',
  order: 100,
  euiIconType: 'securityApp',
};

export type AppModule = {
  mount(params: AppMountParameters, services: SvcServices): UnmountCallback;
};

export interface SvcAppDefinition {
  id: string;
  title: string;
  order: number;
  euiIconType: string;
  description: string;
  load(): Promise<AppModule>;
}

export const SVC_APPS: SvcAppDefinition[] = [
  {
    id: 'svc-overview',
    title: 'Overview',
    order: 1,
    euiIconType: 'dashboardApp',
    description: 'Agents by status, manager state, API host and version',
    load: () => import('./overview'),
  },
  {
    id: 'svc-agents',
    title: 'Agents',
    order: 2,
    euiIconType: 'agentApp',
    description: 'Agents of the managed API: search, add, restart, group, delete, export',
    load: () => import('./agents'),
  },
  {
    id: 'svc-rules',
    title: 'Rules',
    order: 3,
    euiIconType: 'list',
    description: 'Detection rules',
    load: () => import('./rules'),
  },
  {
    id: 'svc-decoders',
    title: 'Decoders',
    order: 4,
    euiIconType: 'documents',
    description: 'Decoders and decoder files',
    load: () => import('./decoders'),
  },
  {
    id: 'svc-sca',
    title: 'SCA',
    order: 5,
    euiIconType: 'checkCircle',
    description: 'Security configuration assessment of an agent',
    load: () => import('./sca'),
  },
  {
    id: 'svc-server',
    title: 'Server',
    order: 6,
    euiIconType: 'compute',
    description: 'Manager status, configuration and logs summary',
    load: () => import('./server'),
  },
  {
    id: 'svc-settings',
    title: 'Settings',
    order: 7,
    euiIconType: 'gear',
    description: 'API hosts, the host in use, updates and the API console',
    load: () => import('./settings'),
  },
  {
    id: 'svc-console',
    title: 'API console',
    order: 8,
    euiIconType: 'consoleApp',
    description: 'Send requests to a managed API host: completion, history, copy as curl',
    load: () => import('./console'),
  },
];

/** The API console is built by its own app (registered elsewhere); Settings links to it. */
export const CONSOLE_APP_ID = 'svc-console';
