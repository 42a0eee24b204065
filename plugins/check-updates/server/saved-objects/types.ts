import type { SavedObjectsFieldMapping, SavedObjectsType } from '@host/server/types';
import {
  AVAILABLE_UPDATES_SAVED_OBJECT_TYPE,
  USER_PREFERENCES_SAVED_OBJECT_TYPE,
} from '../../common/constants';

const updateMapping: SavedObjectsFieldMapping = {
  properties: {
    version: { type: 'keyword' },
    published_date: { type: 'date' },
    tag: { type: 'keyword' },
    description: { type: 'text' },
    release_url: { type: 'keyword', index: false },
  },
};

/** One record per API host, shared by every user: what the host runs and what it could upgrade to. */
export const availableUpdatesType: SavedObjectsType = {
  name: AVAILABLE_UPDATES_SAVED_OBJECT_TYPE,
  hidden: false,
  namespaceType: 'agnostic',
  mappings: {
    dynamic: 'strict',
    properties: {
      api_id: { type: 'keyword' },
      current_version: { type: 'keyword' },
      last_available_major: updateMapping,
      last_available_minor: updateMapping,
      last_available_patch: updateMapping,
      last_check_date: { type: 'date' },
    },
  },
};

/** One record per dashboard user. */
export const userPreferencesType: SavedObjectsType = {
  name: USER_PREFERENCES_SAVED_OBJECT_TYPE,
  hidden: false,
  namespaceType: 'single',
  mappings: {
    dynamic: 'strict',
    properties: {
      // Keys are versions such as `4.8.2`: their dots would become object paths if indexed, so the map is stored unindexed.
      dismissed_updates: { type: 'object', enabled: false },
      last_dismissed_date: { type: 'date' },
    },
  },
};
