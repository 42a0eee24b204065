/** The App settings routes: read, change or reset settings, upload or remove the logo. */
import type { HttpStart } from '@host/public/types';
import {
  APP_SETTINGS_ROUTES,
  type AppSettingsAnswer,
  type AppSettingValue,
} from '../../../common/app-settings';

export function readAppSettings(http: HttpStart, signal: AbortSignal): Promise<AppSettingsAnswer> {
  return http.get<AppSettingsAnswer>(APP_SETTINGS_ROUTES.settings, { signal });
}

/** `null` for a key returns it to the config file's value. */
export function saveAppSettings(
  http: HttpStart,
  values: Record<string, AppSettingValue>,
  version: string | undefined,
): Promise<AppSettingsAnswer> {
  return http.put<AppSettingsAnswer>(APP_SETTINGS_ROUTES.settings, {
    body: JSON.stringify({ values, ...(version && { version }) }),
  });
}

export function uploadLogo(
  http: HttpStart,
  file: File,
  version: string | undefined,
): Promise<AppSettingsAnswer> {
  return http.put<AppSettingsAnswer>(APP_SETTINGS_ROUTES.logo, {
    body: file,
    headers: { 'content-type': file.type || 'application/octet-stream' },
    ...(version && { query: { version } }),
  });
}

export function removeLogo(
  http: HttpStart,
  version: string | undefined,
): Promise<AppSettingsAnswer> {
  return http.delete<AppSettingsAnswer>(APP_SETTINGS_ROUTES.logo, {
    ...(version && { query: { version } }),
  });
}

/** The logo's address; its hash makes a new logo a new address. */
export function logoUrl(http: HttpStart, sha256: string): string {
  return http.basePath.prepend(`${APP_SETTINGS_ROUTES.logo}?v=${sha256}`);
}
