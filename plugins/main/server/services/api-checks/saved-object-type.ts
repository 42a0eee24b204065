/** The hidden saved-object type of each API host's last check, shared by every dashboard instance. */
import type { SavedObjectsType } from '@host/server/types';
import { API_HOST_CHECK_SAVED_OBJECT_TYPE } from '../../../common/api-hosts';

export const apiHostCheckSavedObjectType: SavedObjectsType = {
  name: API_HOST_CHECK_SAVED_OBJECT_TYPE,
  hidden: true,
  namespaceType: 'agnostic',
  mappings: {
    // The check's shape is the ApiHostCheck type; only its time is looked at by the store.
    dynamic: false,
    properties: {
      checked_at: { type: 'date' },
    },
  },
};
