/**
 * Fault knobs for reliability tests. The object is live: tests (or `PUT /__simulator/faults`) change a
 * field and the next request sees it.
 */

/** What a randomly failed request looks like. */
type FailureKind =
  /** 500 code 1000, the API's catch-all internal error. */
  | 'internal'
  /** 500 code 3021, a framework call that exceeded the request timeout. */
  | 'timeout'
  /** 500 code 1017, daemons not ready (as during a manager restart). */
  | 'daemons'
  /** The connection is closed without any response. */
  | 'reset';

const FAILURE_KINDS: readonly FailureKind[] = ['internal', 'timeout', 'daemons', 'reset'];

export interface FaultKnobs {
  /** Added before every API response, in milliseconds. */
  latencyMs: number;
  /** Share of API requests (0..1) that fail with `failureKind`. */
  failureRate: number;
  failureKind: FailureKind;
  /** Close every new connection and every request's socket at once. */
  refuseConnections: boolean;
  /** Send bodies in up to 8 chunks with this many milliseconds between them (0 = in one write). */
  slowBodyMs: number;
  /** Announce the full Content-Length, send half the body, then close the connection. */
  truncateBody: boolean;
  /** Send a syntactically broken JSON body (first half of the document) with status 200. */
  malformedJson: boolean;
  /** Answer every API request (logins included) with 500 code 1017. */
  daemonsNotReady: boolean;
  /** Lifetime of new tokens; changing it makes existing tokens fail with `Token expired`. */
  tokenLifetimeSeconds: number;
}

export const NO_FAULTS: Omit<FaultKnobs, 'tokenLifetimeSeconds'> = {
  latencyMs: 0,
  failureRate: 0,
  failureKind: 'internal',
  refuseConnections: false,
  slowBodyMs: 0,
  truncateBody: false,
  malformedJson: false,
  daemonsNotReady: false,
};

/**
 * Builds the live knobs object. `tokenLifetimeSeconds` reads and writes the token service's lifetime so
 * both the programmatic API and the HTTP control path change the real setting.
 */
export function createFaultKnobs(lifetime: {
  get(): number;
  set(seconds: number): void;
}): FaultKnobs {
  const knobs = { ...NO_FAULTS } as FaultKnobs;
  Object.defineProperty(knobs, 'tokenLifetimeSeconds', {
    enumerable: true,
    get: lifetime.get,
    set: lifetime.set,
  });
  return knobs;
}

/** Checks a partial update of the knobs (from the HTTP control path); returns an error message or undefined. */
export function faultUpdateError(update: Record<string, unknown>): string | undefined {
  for (const [key, value] of Object.entries(update)) {
    switch (key) {
      case 'latencyMs':
      case 'slowBodyMs':
        if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
          return `${key} must be a number >= 0`;
        break;
      case 'tokenLifetimeSeconds':
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
          return `${key} must be an integer >= 1`;
        break;
      case 'failureRate':
        if (typeof value !== 'number' || value < 0 || value > 1)
          return 'failureRate must be a number between 0 and 1';
        break;
      case 'failureKind':
        if (!FAILURE_KINDS.includes(value as FailureKind))
          return `failureKind must be one of ${FAILURE_KINDS.join(', ')}`;
        break;
      case 'refuseConnections':
      case 'truncateBody':
      case 'malformedJson':
      case 'daemonsNotReady':
        if (typeof value !== 'boolean') return `${key} must be a boolean`;
        break;
      default:
        return `unknown fault knob ${key}`;
    }
  }
  return undefined;
}
