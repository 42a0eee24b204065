/** The last run of each indexer job, kept in saved objects so every instance shows the same. */
import type { ISavedObjectsRepository } from '@host/server/types';
import { INDEXER_JOB_NAMES, type IndexerJobRun } from '../../../common/indexer-jobs';
import { INDEXER_JOB_RUN_SAVED_OBJECT_TYPE } from './saved-object-type';

/** Errors kept per run: enough to say what failed without a record growing with the hosts. */
const KEPT_ERRORS = 20;

export class IndexerJobRuns {
  constructor(private readonly repository: ISavedObjectsRepository) {}

  async record(run: IndexerJobRun): Promise<void> {
    const errors =
      run.errors.length > KEPT_ERRORS
        ? [...run.errors.slice(0, KEPT_ERRORS), `… and ${run.errors.length - KEPT_ERRORS} more`]
        : run.errors;
    await this.repository.create<IndexerJobRun>(
      INDEXER_JOB_RUN_SAVED_OBJECT_TYPE,
      { ...run, errors },
      { id: run.job, overwrite: true },
    );
  }

  /** The last run of each job that ran. */
  async list(): Promise<IndexerJobRun[]> {
    const { saved_objects: objects } = await this.repository.bulkGet<IndexerJobRun>(
      INDEXER_JOB_NAMES.map((id) => ({ type: INDEXER_JOB_RUN_SAVED_OBJECT_TYPE, id })),
    );
    return objects.flatMap((object) => (object.error ? [] : [object.attributes]));
  }
}
