/** The hidden saved-object type of each dashboard user's own settings (id = user name). */
import type { SavedObjectsType } from '@host/server/types';
import { USER_SETTINGS_SAVED_OBJECT_TYPE } from '../../../common/api-hosts';

export const userSettingsSavedObjectType: SavedObjectsType = {
  name: USER_SETTINGS_SAVED_OBJECT_TYPE,
  hidden: true,
  namespaceType: 'agnostic',
  mappings: {
    dynamic: false,
    properties: {
      default_api_host: { type: 'keyword' },
    },
  },
};
