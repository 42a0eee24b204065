/** The hidden saved-object type of the last ossec.conf applied from the dashboard (one per API host and node). */
import type { SavedObjectsType } from '@host/server/types';
import { SERVER_CONFIGURATION_SAVED_OBJECT_TYPE } from './server-operations';

export const serverConfigurationSavedObjectType: SavedObjectsType = {
  name: SERVER_CONFIGURATION_SAVED_OBJECT_TYPE,
  hidden: true,
  namespaceType: 'agnostic',
  mappings: {
    dynamic: false,
    properties: {
      api_host_id: { type: 'keyword' },
      node: { type: 'keyword' },
      applied_at: { type: 'date' },
      applied_by: { type: 'keyword' },
    },
  },
};
