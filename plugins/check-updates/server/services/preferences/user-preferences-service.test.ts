import { USER_PREFERENCES_SAVED_OBJECT_TYPE } from '../../../common/constants';
import type { UserPreferences } from '../../../common/types';
import { InMemoryRepository } from '../../test-support/in-memory-repository';
import { createRecordingLogger } from '@host/server/logging/test-recording-logger';
import { UserPreferencesService } from './user-preferences-service';

function setup(
  repository = new InMemoryRepository(),
  maxAttempts?: number,
  maxDismissedUpdates = 500,
) {
  let tick = 0;
  // Each call of the clock is one second later, so every dismissal has its own date.
  const now = () => new Date(Date.UTC(2025, 2, 1, 0, 0, tick++));
  const logger = createRecordingLogger();
  const service = new UserPreferencesService({
    repository,
    logger,
    now,
    maxAttempts,
    maxDismissedUpdates,
  });
  return { service, repository, logger };
}

describe('UserPreferencesService', () => {
  it('gives empty preferences to a user who never dismissed anything', async () => {
    const { service } = setup();
    expect(await service.get('alice')).toEqual({
      dismissed_updates: {},
      last_dismissed_date: null,
    });
  });

  it('stores a dismissal under the plain version with its type and date, per user', async () => {
    const { service, repository } = setup();
    await service.dismiss('alice', { version: 'v5.0.0', update_type: 'major' });
    const expected: UserPreferences = {
      dismissed_updates: {
        '5.0.0': { update_type: 'major', dismissed_date: '2025-03-01T00:00:00.000Z' },
      },
      last_dismissed_date: '2025-03-01T00:00:00.000Z',
    };
    expect(await service.get('alice')).toEqual(expected);
    expect(repository.attributesOf(USER_PREFERENCES_SAVED_OBJECT_TYPE, 'alice')).toEqual(expected);
    expect(await service.get('bob')).toEqual({ dismissed_updates: {}, last_dismissed_date: null });
  });

  it('keeps at most the cap through dismissals, forgetting the oldest', async () => {
    const { service } = setup(undefined, undefined, 3);
    for (const version of ['1.0.1', '1.0.2', '1.0.3', '1.0.4'])
      await service.dismiss('alice', { version, update_type: 'patch' });
    await service.dismiss('alice', { version: '1.0.3', update_type: 'patch' });
    expect(Object.keys((await service.get('alice')).dismissed_updates).sort()).toEqual([
      '1.0.2',
      '1.0.3',
      '1.0.4',
    ]);
  });

  it('refuses a replacement past the cap and keeps what was stored', async () => {
    const { service } = setup(undefined, undefined, 2);
    await service.dismiss('alice', { version: '1.0.1', update_type: 'patch' });
    const request = {
      dismissed_updates: {
        '1.0.2': { update_type: 'patch' as const },
        '1.0.3': { update_type: 'patch' as const },
        '1.0.4': { update_type: 'patch' as const },
      },
    };
    await expect(service.replaceDismissedUpdates('alice', request)).rejects.toMatchObject({
      statusCode: 400,
      code: 'too_many_dismissals',
      message: '[request body.dismissed_updates]: at most 2 dismissed updates can be stored',
    });
    expect(Object.keys((await service.get('alice')).dismissed_updates)).toEqual(['1.0.1']);
  });

  it('keeps earlier dismissals when adding one', async () => {
    const { service } = setup();
    await service.dismiss('alice', { version: '4.8.2', update_type: 'patch' });
    const preferences = await service.dismiss('alice', { version: '4.9.1', update_type: 'minor' });
    expect(Object.keys(preferences.dismissed_updates).sort()).toEqual(['4.8.2', '4.9.1']);
    expect(preferences.last_dismissed_date).toBe(
      preferences.dismissed_updates['4.9.1'].dismissed_date,
    );
  });

  it('loses no dismissal when one user dismisses 50 versions in parallel', async () => {
    const { service } = setup();
    const versions = Array.from({ length: 50 }, (_, index) => `4.8.${index + 1}`);
    await Promise.all(
      versions.map((version) => service.dismiss('alice', { version, update_type: 'patch' })),
    );
    expect(Object.keys((await service.get('alice')).dismissed_updates).sort()).toEqual(
      [...versions].sort(),
    );
  });

  it('loses no dismissal when two instances write the same record in parallel', async () => {
    const repository = new InMemoryRepository();
    const instances = [setup(repository), setup(repository)];
    const versions = Array.from({ length: 10 }, (_, index) => `5.${index}.0`);
    await Promise.all(
      versions.map((version, index) =>
        instances[index % 2].service.dismiss('alice', { version, update_type: 'major' }),
      ),
    );
    expect(Object.keys((await instances[0].service.get('alice')).dismissed_updates).sort()).toEqual(
      [...versions].sort(),
    );
    const retries = instances
      .flatMap(({ logger }) => logger.records)
      .filter((record) => record.message.includes('retrying'));
    expect(retries.length).toBeGreaterThan(0);
  });

  it('gives up with the conflict after the last attempt', async () => {
    const repository = new InMemoryRepository();
    const create = repository.create.bind(repository);
    // Another writer changes the record between every read and write of this instance.
    repository.create = async (type, attributes, options) => {
      if (options?.version) await create(type, attributes, { id: options.id, overwrite: true });
      return create(type, attributes, options);
    };
    const { service } = setup(repository, 3);
    await service.dismiss('alice', { version: '4.8.2', update_type: 'patch' });
    await expect(
      service.dismiss('alice', { version: '4.8.3', update_type: 'patch' }),
    ).rejects.toThrow('Saved object [svc-check-updates-user-preferences/alice] conflict');
  });

  it('replaces the dismissed updates, dating entries that come without a date', async () => {
    const { service } = setup();
    await service.dismiss('alice', { version: '4.8.2', update_type: 'patch' });
    const preferences = await service.replaceDismissedUpdates('alice', {
      dismissed_updates: {
        'v5.0.0': { update_type: 'major', dismissed_date: '2025-01-01T00:00:00.000Z' },
        '4.9.1': { update_type: 'minor' },
      },
    });
    expect(preferences).toEqual({
      dismissed_updates: {
        '5.0.0': { update_type: 'major', dismissed_date: '2025-01-01T00:00:00.000Z' },
        '4.9.1': { update_type: 'minor', dismissed_date: '2025-03-01T00:00:01.000Z' },
      },
      last_dismissed_date: '2025-03-01T00:00:01.000Z',
    });
    expect(await service.get('alice')).toEqual(preferences);
  });

  it('clears the last dismissal date when every dismissal is removed', async () => {
    const { service } = setup();
    await service.dismiss('alice', { version: '4.8.2', update_type: 'patch' });
    expect(await service.replaceDismissedUpdates('alice', { dismissed_updates: {} })).toEqual({
      dismissed_updates: {},
      last_dismissed_date: null,
    });
  });

  it('refuses versions that are not semantic versions', async () => {
    const { service } = setup();
    await expect(
      service.dismiss('alice', { version: 'latest', update_type: 'major' }),
    ).rejects.toThrow('[latest] is not a semantic version');
    await expect(
      service.replaceDismissedUpdates('alice', {
        dismissed_updates: { '4.8': { update_type: 'minor' } },
      }),
    ).rejects.toThrow('[4.8] is not a semantic version');
  });
});
