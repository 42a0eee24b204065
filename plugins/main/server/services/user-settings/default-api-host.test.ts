import { startTestSavedObjects, type TestSavedObjects } from '@host/server/saved-objects/testing';
import { USER_SETTINGS_SAVED_OBJECT_TYPE } from '../../../common/api-hosts';
import { RequestFieldError } from '../request-field-error';
import { DefaultApiHostService } from './default-api-host';
import { userSettingsSavedObjectType } from './saved-object-type';

describe('DefaultApiHostService', () => {
  let savedObjects: TestSavedObjects;
  let storedHosts: Set<string>;

  beforeEach(async () => {
    savedObjects = await startTestSavedObjects((setup) =>
      setup.registerType(userSettingsSavedObjectType),
    );
    storedHosts = new Set(['prod', 'staging']);
  });
  afterEach(() => savedObjects.cleanup());

  function service(): DefaultApiHostService {
    return new DefaultApiHostService(
      { get: async (id) => (storedHosts.has(id) ? ({ id } as never) : undefined) },
      savedObjects.start.createInternalRepository([USER_SETTINGS_SAVED_OBJECT_TYPE]),
    );
  }

  it('keeps one default per user, read back by another instance on the same database', async () => {
    const defaults = service();
    expect(await defaults.get('ada')).toBeNull();
    await defaults.set('ada', 'prod');
    await defaults.set('rob', 'staging');
    await defaults.set('ada', 'staging');
    await defaults.set('ada', 'prod');
    const other = service();
    expect(await other.get('ada')).toBe('prod');
    expect(await other.get('rob')).toBe('staging');
    expect(await other.get('eve')).toBeNull();
  });

  it('refuses an id no host has, naming the field, and keeps the previous default', async () => {
    const defaults = service();
    await defaults.set('ada', 'prod');
    const refused = defaults.set('ada', 'gone');
    await expect(refused).rejects.toBeInstanceOf(RequestFieldError);
    await expect(refused).rejects.toMatchObject({ field: 'id' });
    expect(await defaults.get('ada')).toBe('prod');
  });

  it('answers no default once the chosen host was removed, and forgets it for a host added later under that id', async () => {
    const defaults = service();
    await defaults.set('ada', 'staging');
    await defaults.set('rob', 'prod');
    storedHosts.delete('staging');
    expect(await defaults.get('ada')).toBeNull();
    await defaults.forgetHost('staging');
    storedHosts.add('staging');
    expect(await defaults.get('ada')).toBeNull();
    expect(await defaults.get('rob')).toBe('prod');
  });
});
