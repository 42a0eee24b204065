/**
 * The svc apps as registered: their metadata (`app-metadata.ts`) plus the loader of their code. Each
 * app's code is loaded by its `mount`, so every app is its own chunk and the entry bundle stays small.
 */
import type { AppMountParameters, UnmountCallback } from '@host/public/types';
import type { SvcServices } from '../services/svc-services';
import { SVC_APP_METADATA, type SvcAppId, type SvcAppMetadata } from './app-metadata';

type AppModule = {
  mount(params: AppMountParameters, services: SvcServices): UnmountCallback;
};

export interface SvcAppDefinition extends SvcAppMetadata {
  load(): Promise<AppModule>;
}

const APP_LOADERS: Record<SvcAppId, () => Promise<AppModule>> = {
  'svc-overview': () => import('./overview'),
  'svc-threat-hunting': () => import('./threat-hunting'),
  'svc-modules': () => import('./modules'),
  'svc-agents': () => import('./agents'),
  'svc-rules': () => import('./rules'),
  'svc-decoders': () => import('./decoders'),
  'svc-lists': () => import('./lists'),
  'svc-groups': () => import('./groups'),
  'svc-sca': () => import('./sca'),
  'svc-server': () => import('./server'),
  'svc-settings': () => import('./settings'),
  'svc-console': () => import('./console'),
};

export const SVC_APPS: SvcAppDefinition[] = SVC_APP_METADATA.map((app) => ({
  ...app,
  load: APP_LOADERS[app.id],
}));
