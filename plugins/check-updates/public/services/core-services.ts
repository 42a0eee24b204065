import type { ChromeStart, HttpStart } from '@host/public/types';

/** The browser core services the components and `getAvailableUpdates` use. */
export interface CheckUpdatesCoreServices {
  http: HttpStart;
  chrome: Pick<ChromeStart, 'setBottomBar'>;
}

// Held at module level because svc's apps import the components directly (requiredBundles), outside
// any lifecycle of this plugin: the plugin's start stores the services they need here.
let services: CheckUpdatesCoreServices | undefined;

export function setCoreServices(value: CheckUpdatesCoreServices): void {
  services = value;
}

export function getCoreServices(): CheckUpdatesCoreServices {
  if (!services)
    throw new Error(
      'The svcCheckUpdates plugin has not started: its services are not available yet',
    );
  return services;
}
