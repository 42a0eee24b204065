import type {
  ISavedObjectsRepository,
  SavedObjectsClientError,
} from '../../../../host/server/types';

/** The part of the internal saved-objects repository the services use. */
export type RecordRepository = Pick<ISavedObjectsRepository, 'get' | 'create'>;

/**
 * The internal repository has no `errors` helpers (those hang off scoped clients), so its Boom-like
 * errors are recognised by their status.
 */
function hasSavedObjectStatus(error: unknown, statusCode: number): boolean {
  const output = (error as Partial<SavedObjectsClientError> | null)?.output;
  return typeof output === 'object' && output !== null && output.statusCode === statusCode;
}

export const isNotFound = (error: unknown): boolean => hasSavedObjectStatus(error, 404);
export const isConflict = (error: unknown): boolean => hasSavedObjectStatus(error, 409);
