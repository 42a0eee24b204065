/**
 * The test-only control path, outside the API's paths and untouched by faults, auth and limits:
 *
 * - `GET /__simulator/faults` → the knobs; `PUT` with a partial object changes them; `DELETE` resets them.
 * - `GET /__simulator/stats` → request counters.
 * - `GET|PUT /__simulator/version-check` → `{mode}` of `GET /manager/version/check`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { VERSION_CHECK_MODES, type VersionCheckMode } from './data/version-check';
import { NO_FAULTS, faultUpdateError } from './faults';
import { MAX_BODY_BYTES, readBody } from './http/body';
import { plainProblem } from './http/problem';
import type { SimulatorState } from './state';

export const CONTROL_PREFIX = '/__simulator/';

function reply(response: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(payload)),
  });
  response.end(payload);
}

async function jsonBody(request: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const raw = await readBody(request, MAX_BODY_BYTES, () =>
    plainProblem(413, 'Payload Too Large', 'body too large'),
  );
  try {
    const value: unknown = JSON.parse(raw.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function resetFaults(state: SimulatorState): void {
  Object.assign(state.faults, NO_FAULTS, {
    tokenLifetimeSeconds: state.options.tokenLifetimeSeconds,
  });
}

export function setVersionCheck(state: SimulatorState, mode: VersionCheckMode): void {
  if (!VERSION_CHECK_MODES.includes(mode))
    throw new RangeError(`version check mode must be one of ${VERSION_CHECK_MODES.join(', ')}`);
  state.versionCheck = { mode, checkedAt: state.now() };
}

export async function handleControl(
  state: SimulatorState,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
): Promise<void> {
  const route = `${request.method} ${path.slice(CONTROL_PREFIX.length - 1)}`;
  switch (route) {
    case 'GET /faults':
      return reply(response, 200, state.faults);
    case 'PUT /faults': {
      const update = await jsonBody(request);
      const problem = update
        ? faultUpdateError(update)
        : 'body must be a JSON object of fault knobs';
      if (problem) return reply(response, 400, { error: problem });
      Object.assign(state.faults, update);
      return reply(response, 200, state.faults);
    }
    case 'DELETE /faults':
      resetFaults(state);
      return reply(response, 200, state.faults);
    case 'GET /stats':
      return reply(response, 200, state.stats);
    case 'GET /version-check':
      return reply(response, 200, { mode: state.versionCheck.mode });
    case 'PUT /version-check': {
      const mode = (await jsonBody(request))?.mode as VersionCheckMode;
      if (!VERSION_CHECK_MODES.includes(mode))
        return reply(response, 400, {
          error: `mode must be one of ${VERSION_CHECK_MODES.join(', ')}`,
        });
      setVersionCheck(state, mode);
      return reply(response, 200, { mode });
    }
    default:
      return reply(response, 404, { error: `no control route ${route}` });
  }
}
