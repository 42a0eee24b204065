import { SavedObjectsErrorHelpers, type ISavedObjectsRepository } from '@host/server/types';

/** The part of the internal saved-objects repository the services use. */
export type RecordRepository = Pick<ISavedObjectsRepository, 'get' | 'create'>;

export const isNotFound = (error: unknown): boolean =>
  SavedObjectsErrorHelpers.isNotFoundError(error);
export const isConflict = (error: unknown): boolean =>
  SavedObjectsErrorHelpers.isConflictError(error);
