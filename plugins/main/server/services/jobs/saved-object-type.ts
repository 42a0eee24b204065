/** The hidden saved-object type of queued requests, shared by every dashboard instance. */
import type { SavedObjectsType } from '@host/server/types';
import { QUEUED_REQUEST_SAVED_OBJECT_TYPE } from '../../../common/constants';

export const queuedRequestSavedObjectType: SavedObjectsType = {
  name: QUEUED_REQUEST_SAVED_OBJECT_TYPE,
  hidden: true,
  namespaceType: 'agnostic',
  mappings: {
    dynamic: 'strict',
    properties: {
      host_id: { type: 'keyword' },
      method: { type: 'keyword' },
      path: { type: 'keyword', index: false },
      body_encrypted: { type: 'keyword', index: false },
      body_media_type: { type: 'keyword', index: false },
      headers_encrypted: { type: 'keyword', index: false },
      user: { type: 'object', enabled: false },
      due_at: { type: 'long' },
      queued_at: { type: 'long' },
    },
  },
};
