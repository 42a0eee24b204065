/**
 * The svc apps as registered: their metadata (`app-metadata.ts`), the pages the navigation lists
 * under them, and the loader of their code. Each app's code is loaded by its `mount`, so every app is
 * its own chunk and the entry bundle stays small.
 */
import type { AppDeepLink, AppMountParameters, UnmountCallback } from '@host/public/types';
import { MODULES } from '../../common/modules';
import type { SvcServices } from '../services/svc-services';
import {
  MODULE_APP_CATEGORIES,
  SVC_APP_METADATA,
  type SvcAppId,
  type SvcAppMetadata,
} from './app-metadata';

type AppModule = {
  mount(params: AppMountParameters, services: SvcServices): UnmountCallback;
};

export interface SvcAppDefinition extends SvcAppMetadata {
  deepLinks?: AppDeepLink[];
  load(): Promise<AppModule>;
}

/** Threat Hunting is a module with an app of its own (see `moduleUrl`); its entry is that app. */
const MODULES_WITH_OWN_APP = new Set(['threat-hunting']);

/**
 * Every module page (`/app/svc-modules/<id>`), each in its own category as the original's menu
 * lists them, so File Integrity Monitoring sits in Endpoint security and PCI DSS in Security
 * operations.
 */
const MODULE_DEEP_LINKS: AppDeepLink[] = MODULES.filter(
  (module) => !MODULES_WITH_OWN_APP.has(module.id),
).map((module) => ({
  id: module.id,
  title: module.title,
  path: `/${module.id}`,
  category: MODULE_APP_CATEGORIES[module.category],
  order: module.order,
}));

/** The Server app's tabs, kept in its URL's `tab` parameter. */
const SERVER_DEEP_LINKS: AppDeepLink[] = [
  { id: 'status', title: 'Status', path: '?tab=status', order: 1 },
  { id: 'cluster', title: 'Cluster', path: '?tab=cluster', order: 2 },
  { id: 'logs', title: 'Logs', path: '?tab=logs', order: 3, keywords: ['manager log'] },
  { id: 'configuration', title: 'Configuration', path: '?tab=configuration', order: 4 },
];

const DEEP_LINKS: Partial<Record<SvcAppId, AppDeepLink[]>> = {
  'svc-modules': MODULE_DEEP_LINKS,
  'svc-server': SERVER_DEEP_LINKS,
};

const APP_LOADERS: Record<SvcAppId, () => Promise<AppModule>> = {
  'svc-overview': () => import('./overview'),
  'svc-threat-hunting': () => import('./threat-hunting'),
  'svc-it-hygiene': () => import('./it-hygiene'),
  'svc-modules': () => import('./modules'),
  'svc-agents': () => import('./agents'),
  'svc-rules': () => import('./rules'),
  'svc-decoders': () => import('./decoders'),
  'svc-lists': () => import('./lists'),
  'svc-groups': () => import('./groups'),
  'svc-sca': () => import('./sca'),
  'svc-server': () => import('./server'),
  'svc-security': () => import('./security'),
  'svc-settings': () => import('./settings'),
  'svc-console': () => import('./console'),
  'svc-app-settings': () => import('./app-settings'),
  'svc-health-check': () => import('./health-check'),
};

export const SVC_APPS: SvcAppDefinition[] = SVC_APP_METADATA.map((app) => ({
  ...app,
  deepLinks: DEEP_LINKS[app.id],
  load: APP_LOADERS[app.id],
}));
