import { CheckUpdatesPublicPlugin } from './plugin';

export function plugin(): CheckUpdatesPublicPlugin {
  return new CheckUpdatesPublicPlugin();
}

export type { CheckUpdatesPublicSetup, CheckUpdatesPublicStart } from './plugin';
export { UpdatesNotification } from './components/updates-notification';
export { DismissNotificationCheck } from './components/dismiss-notification-check';
export { getAvailableUpdates, requestAvailableUpdates } from './services/available-updates';
export {
  SELECTED_API_HOST_STORAGE_KEY,
  getSelectedApiHostId,
  setSelectedApiHostId,
} from '../common/selected-api-host';
export type { AvailableUpdates, Update, UpdateType, UserPreferences } from '../common/types';
