/**
 * The browser's way to the managed API: every call goes through the dashboard's proxy
 * (`POST /api/request`) with the id of the host to use, and comes back as the API's envelope.
 */
import type { HttpStart } from '@host/public/types';
import type { ManagedApiMethodName } from '../../common/managed-api-request';
import { SVC_ROUTES } from '../../common/constants';
import type { DataEnvelope, ItemsEnvelope } from './managed-api-types';
import { failedItemsError, isAbortError, toSvcError } from './svc-error';

type ApiQueryValue = string | number | boolean | undefined | null | ReadonlyArray<string | number>;
export type ApiQuery = Record<string, ApiQueryValue>;

export interface ManagedApiCall {
  apiHostId: string;
  method?: ManagedApiMethodName;
  /** Path of the managed API, without query string (`/agents`). */
  path: string;
  query?: ApiQuery;
  body?: unknown;
  signal?: AbortSignal;
  /** Permission the call needs (`agent:read`), shown when the API answers 4000. */
  action?: string;
}

export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * `/agents?limit=10&q=...`: empty values are left out, arrays are comma-separated (the API's form
 * for list parameters), and everything is percent-encoded, so `+` in `sort=+id` stays a plus.
 */
function managedApiPath(path: string, query: ApiQuery = {}): string {
  const parameters = Object.entries(query).flatMap(([key, value]) => {
    if (value === undefined || value === null || value === '') return [];
    const text = Array.isArray(value) ? value.join(',') : String(value);
    return text === '' ? [] : [`${encodeURIComponent(key)}=${encodeURIComponent(text)}`];
  });
  return parameters.length > 0 ? `${path}?${parameters.join('&')}` : path;
}

export class ManagedApi {
  constructor(private readonly http: HttpStart) {}

  /** The envelope as the managed API sent it; rejects with an SvcError (or an AbortError). */
  async request<T>(call: ManagedApiCall): Promise<T> {
    const { apiHostId, method = 'GET', path, query, body, signal, action } = call;
    const payload = {
      id: apiHostId,
      method,
      path: managedApiPath(path, query),
      ...(body === undefined ? {} : { body }),
    };
    try {
      return await this.http.post<T>(SVC_ROUTES.request, { body: JSON.stringify(payload), signal });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw toSvcError(error, action);
    }
  }

  /** One page of a list endpoint. Items the user may not see are left out by the API; only a list where everything failed is an error. */
  async list<T>(call: ManagedApiCall): Promise<Page<T>> {
    const envelope = await this.request<ItemsEnvelope<T>>(call);
    if (envelope.error === 1 && envelope.data.failed_items.length > 0)
      throw failedItemsError(envelope.message, envelope.data.failed_items, call.action);
    return { items: envelope.data.affected_items, total: envelope.data.total_affected_items };
  }

  /** `data` of a single-object endpoint. */
  async data<T>(call: ManagedApiCall): Promise<T> {
    return (await this.request<DataEnvelope<T>>(call)).data;
  }

  /** A change (restart, delete, group assignment): any item that failed makes it an error. */
  async mutate<T = string>(call: ManagedApiCall): Promise<ItemsEnvelope<T>> {
    const envelope = await this.request<ItemsEnvelope<T>>(call);
    if (envelope.data?.failed_items?.length)
      throw failedItemsError(envelope.message, envelope.data.failed_items, call.action);
    return envelope;
  }
}
