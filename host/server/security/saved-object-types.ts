/** The hidden saved-object types that hold dashboard users and their sessions. */
import type { SavedObjectsServiceSetup } from '../types';

export const USER_TYPE = 'svc-dashboard-user';
export const SESSION_TYPE = 'svc-dashboard-session';
export const SECURITY_TYPES = [USER_TYPE, SESSION_TYPE];

export function registerSecurityTypes(savedObjects: SavedObjectsServiceSetup): void {
  savedObjects.registerType({
    name: USER_TYPE,
    hidden: true,
    namespaceType: 'agnostic',
    mappings: {
      dynamic: 'strict',
      properties: {
        username: { type: 'keyword' },
        password_hash: { type: 'keyword', index: false },
        roles: { type: 'keyword' },
        created_at: { type: 'date' },
        updated_at: { type: 'date' },
      },
    },
  });
  savedObjects.registerType({
    name: SESSION_TYPE,
    hidden: true,
    namespaceType: 'agnostic',
    mappings: {
      dynamic: 'strict',
      properties: {
        username: { type: 'keyword' },
        created_at: { type: 'date' },
        expires_at: { type: 'date' },
        last_seen_at: { type: 'date' },
      },
    },
  });
}
