/** Entries the browser sends to `POST /utils/logs/ui`. */

export type UiLogLevel = 'info' | 'warning' | 'error';

export const UI_LOG_MESSAGE_MAX_LENGTH = 8192;
export const UI_LOG_LOCATION_MAX_LENGTH = 512;

export interface UiLogEntry {
  level: UiLogLevel;
  message: string;
  /** Where in the UI it happened (app, component, URL path). */
  location: string;
}
