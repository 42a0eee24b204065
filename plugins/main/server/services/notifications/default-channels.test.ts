import { createRecordingLogger } from '../../../../../host/server/saved-objects/testing';
import {
  createDefaultNotificationChannels,
  DEFAULT_NOTIFICATION_CHANNELS,
  type NotificationChannel,
} from './default-channels';

describe('createDefaultNotificationChannels', () => {
  it('creates the channels through the notifications plugin', async () => {
    const channels: NotificationChannel[] = [];
    const created = await createDefaultNotificationChannels(
      { upsertChannel: (channel: NotificationChannel) => void channels.push(channel) },
      createRecordingLogger(),
    );
    expect(created).toEqual(DEFAULT_NOTIFICATION_CHANNELS.map((channel) => channel.id));
    expect(channels).toEqual(DEFAULT_NOTIFICATION_CHANNELS);
  });

  it('only logs when the plugin is missing or offers nothing to create channels with', async () => {
    const logger = createRecordingLogger();
    expect(await createDefaultNotificationChannels(undefined, logger)).toEqual([]);
    expect(await createDefaultNotificationChannels({}, logger)).toEqual([]);
    expect(logger.records.map((record) => record.level)).toEqual(['debug', 'warn']);
  });
});
