export { createSavedObjectsService } from './service';
export type { InternalCoordination, RateLimiterOptions } from './coordination';
