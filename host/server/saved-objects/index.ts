export {
  createSavedObjectsService,
  type SavedObjectsService,
  type SavedObjectsServiceOptions,
} from './service';
export type { InternalCoordination, RateLimiterOptions } from './coordination';
export { savedObjectsErrors } from './errors';
export { DEFAULT_NAMESPACE, FIND_DEFAULT_PAGE, FIND_DEFAULT_PER_PAGE } from './repository';
export type { SavedObjectsStore } from './store/types';
