/** RBAC checks handlers share: static resources, the `dapi_errors` node key, agent access by action. */
import type { Session } from '../http/context';
import { NODE_NAME, UNKNOWN_NODE, permissionDenied } from '../http/problem';
import { allowsStatic } from './permissions';

/** `node01` when the caller may read the node, else `unknown-node` (the key of `dapi_errors`). */
export function errorNode(session: Session): string {
  return allowsStatic(session.permissions, 'cluster:read', `node:id:${NODE_NAME}`)
    ? NODE_NAME
    : UNKNOWN_NODE;
}

/** Throws 403/4000 `Resource type: *:*` unless every action is allowed on `*:*:*`. */
export function requireResourceless(session: Session, ...actions: string[]): void {
  if (!actions.every((action) => allowsStatic(session.permissions, action, '*:*:*')))
    throw permissionDenied('*:*', errorNode(session));
}
