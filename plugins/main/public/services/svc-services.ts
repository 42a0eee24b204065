/**
 * The services every svc app uses, built once at plugin start and held here ("global services"
 * of the client lifecycle); apps receive them through React context from their mount.
 */
import type { ComponentType } from 'react';
import type { CoreStart } from '@host/public/types';
import type { ChartPalette } from '../charts/palette';
import type { QueryLanguageRegistry } from '../query-languages/registry';
import type { ApiHostsClient } from './api-hosts-client';
import type { CsvExporter } from './csv-export';
import type { ErrorOrchestrator } from './error-orchestrator';
import type { ManagedApi } from './managed-api';
import type { Telemetry } from './telemetry';

/** The update-check plugin's browser components, used by Overview and Settings. */
interface UpdateComponents {
  UpdatesNotification: ComponentType;
  DismissNotificationCheck: ComponentType;
}

export interface SvcServices {
  core: CoreStart;
  api: ManagedApi;
  hosts: ApiHostsClient;
  csv: CsvExporter;
  errors: ErrorOrchestrator;
  queryLanguages: QueryLanguageRegistry;
  palette: ChartPalette;
  updates: UpdateComponents;
  telemetry: Telemetry;
}

let services: SvcServices | undefined;

export function setSvcServices(value: SvcServices): void {
  services = value;
}

export function getSvcServices(): SvcServices {
  if (!services) throw new Error('The svc plugin has not started yet');
  return services;
}
