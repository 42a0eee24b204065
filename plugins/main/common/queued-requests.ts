/** A request queued with `/api/request` `body.delay`, as `GET /api/queued-requests` lists it. */
export interface QueuedRequestSummary {
  id: string;
  host_id: string;
  method: string;
  /** Path with its query string. */
  path: string;
  /** Who queued it; the request is sent as this user. */
  owner: string | null;
  queued_at: string;
  due_at: string;
}

// A type, not an interface, so it fits the router's response body type.
export type QueuedRequestList = {
  items: QueuedRequestSummary[];
  total: number;
};
