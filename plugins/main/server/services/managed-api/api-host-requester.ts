/**
 * The requester the dashboard's own code calls an API host with, and the `svc` contract's requester
 * made from it. The contract keeps the original product's option name `apiHostID` for route
 * handlers and dependent plugins; inside, the id of an API host is `apiHostId` everywhere.
 */
import type {
  ManagedApiMethod,
  ManagedApiRequester,
  ManagedApiRequestOptions,
  ManagedApiResponse,
} from '../../types';

export interface ApiHostRequestOptions extends Omit<ManagedApiRequestOptions, 'apiHostID'> {
  apiHostId: string;
}

/** `ManagedApiRequester` with the host named by `apiHostId`: same answers, same errors. */
export interface ApiHostRequester {
  request<T = unknown>(
    method: ManagedApiMethod,
    path: string,
    body: unknown,
    options: ApiHostRequestOptions,
  ): Promise<ManagedApiResponse<T>>;
}

/** The requester the `svc` context and start contract hand out: the only place `apiHostID` is read. */
export function contractRequester(requester: ApiHostRequester): ManagedApiRequester {
  return {
    request: <T>(
      method: ManagedApiMethod,
      path: string,
      body: unknown,
      { apiHostID, ...options }: ManagedApiRequestOptions,
    ) => requester.request<T>(method, path, body, { ...options, apiHostId: apiHostID }),
  };
}
