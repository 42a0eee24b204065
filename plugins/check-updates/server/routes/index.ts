import type { CheckUpdatesRouter, GetServices } from '../types';
import { registerPreferencesRoutes } from './preferences';
import { registerUpdatesRoute } from './updates';

export function registerRoutes(router: CheckUpdatesRouter, getServices: GetServices): void {
  registerUpdatesRoute(router, getServices);
  registerPreferencesRoutes(router, getServices);
}
