/**
 * Default notification channels, created when the optional `notifications` plugin is installed.
 * Without it there is nothing to create, and the plugin says so in its debug log.
 */
import type { Logger } from '../../../../../host/server/types';

export interface NotificationChannel {
  id: string;
  name: string;
  description: string;
  /** Channels shown inside the dashboard; users add outbound ones (mail, webhooks) themselves. */
  type: 'dashboard';
}

/** What this plugin needs from a notifications plugin's setup contract. */
interface NotificationsSetup {
  upsertChannel(channel: NotificationChannel): void | Promise<void>;
}

export const DEFAULT_NOTIFICATION_CHANNELS: readonly NotificationChannel[] = [
  {
    id: 'svc-api-hosts',
    name: 'API host status',
    description: 'An API host became unreachable, refused its credentials, or came back.',
    type: 'dashboard',
  },
  {
    id: 'svc-updates',
    name: 'Managed API updates',
    description: 'A newer version of the managed security API is available.',
    type: 'dashboard',
  },
];

function isNotificationsSetup(value: unknown): value is NotificationsSetup {
  return typeof (value as NotificationsSetup | undefined)?.upsertChannel === 'function';
}

export async function createDefaultNotificationChannels(
  notifications: unknown,
  logger: Logger,
): Promise<string[]> {
  if (notifications === undefined) {
    logger.debug(
      'The notifications plugin is not installed: no default notification channels were created.',
    );
    return [];
  }
  if (!isNotificationsSetup(notifications)) {
    logger.warn(
      'The notifications plugin does not offer upsertChannel(): no default notification channels were created.',
    );
    return [];
  }
  for (const channel of DEFAULT_NOTIFICATION_CHANNELS) await notifications.upsertChannel(channel);
  logger.info(
    `Default notification channels are in place: ${DEFAULT_NOTIFICATION_CHANNELS.map((channel) => channel.id).join(', ')}.`,
  );
  return DEFAULT_NOTIFICATION_CHANNELS.map((channel) => channel.id);
}
