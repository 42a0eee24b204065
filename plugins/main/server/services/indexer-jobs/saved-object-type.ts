/** The hidden saved-object type of the jobs' last runs, one object per job, shared by every instance. */
import type { SavedObjectsType } from '@host/server/types';

export const INDEXER_JOB_RUN_SAVED_OBJECT_TYPE = 'svc-indexer-job-run';

export const indexerJobRunSavedObjectType: SavedObjectsType = {
  name: INDEXER_JOB_RUN_SAVED_OBJECT_TYPE,
  hidden: true,
  namespaceType: 'agnostic',
  mappings: {
    dynamic: 'strict',
    properties: {
      job: { type: 'keyword' },
      startedAt: { type: 'date' },
      finishedAt: { type: 'date' },
      documents: { type: 'long' },
      errors: { type: 'keyword', index: false },
    },
  },
};
