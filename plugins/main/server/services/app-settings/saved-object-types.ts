/**
 * Hidden, instance-wide saved objects of App settings: one record of the saved values and their
 * history, and each uploaded logo under its SHA-256 (never rewritten, so a record naming a logo
 * always finds those very bytes, whichever of two concurrent uploads won).
 */
import type { SavedObjectsType } from '@host/server/types';

export const APP_SETTINGS_SAVED_OBJECT_TYPE = 'svc-app-settings';
export const APP_LOGO_SAVED_OBJECT_TYPE = 'svc-app-logo';

export const appSettingsSavedObjectTypes: SavedObjectsType[] = [
  {
    name: APP_SETTINGS_SAVED_OBJECT_TYPE,
    hidden: true,
    namespaceType: 'agnostic',
    mappings: { dynamic: false, properties: {} },
  },
  {
    name: APP_LOGO_SAVED_OBJECT_TYPE,
    hidden: true,
    namespaceType: 'agnostic',
    mappings: { dynamic: false, properties: {} },
  },
];
