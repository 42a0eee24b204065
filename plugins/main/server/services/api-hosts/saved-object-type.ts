/** The hidden saved-object type of the stored API hosts (only this plugin's services read it). */
import type { SavedObjectsType } from '@host/server/types';
import { API_HOST_SAVED_OBJECT_TYPE } from '../../../common/api-hosts';

export const apiHostSavedObjectType: SavedObjectsType = {
  name: API_HOST_SAVED_OBJECT_TYPE,
  hidden: true,
  namespaceType: 'agnostic',
  mappings: {
    dynamic: 'strict',
    properties: {
      url: { type: 'keyword' },
      port: { type: 'integer' },
      username: { type: 'keyword' },
      password_encrypted: { type: 'keyword', index: false },
      run_as: { type: 'boolean' },
      tls_verify: { type: 'boolean' },
      ca_file: { type: 'keyword', index: false },
      demo: { type: 'boolean' },
    },
  },
};
