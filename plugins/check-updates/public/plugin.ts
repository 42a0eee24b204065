import type { CoreSetup, CoreStart, Plugin } from '../../../host/public/types';
import { DismissNotificationCheck } from './components/dismiss-notification-check';
import { UpdatesNotification } from './components/updates-notification';
import { getAvailableUpdates } from './services/available-updates';
import { setCoreServices } from './services/core-services';

export interface CheckUpdatesPublicStart {
  UpdatesNotification: typeof UpdatesNotification;
  DismissNotificationCheck: typeof DismissNotificationCheck;
  getAvailableUpdates: typeof getAvailableUpdates;
}

export type CheckUpdatesPublicSetup = Record<string, never>;

export class CheckUpdatesPublicPlugin implements Plugin<
  CheckUpdatesPublicSetup,
  CheckUpdatesPublicStart
> {
  setup(_core: CoreSetup): CheckUpdatesPublicSetup {
    return {};
  }

  start(core: CoreStart): CheckUpdatesPublicStart {
    setCoreServices({ http: core.http, chrome: core.chrome });
    return { UpdatesNotification, DismissNotificationCheck, getAvailableUpdates };
  }
}
