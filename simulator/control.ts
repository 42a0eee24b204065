/**
 * The test-only control path, served only when the starter asks for it (`controlPath`, `--control-path`),
 * outside the API's paths and untouched by faults, auth and limits:
 *
 * - `GET /__simulator/faults` → the knobs; `PUT` with a partial object changes them; `DELETE` resets them.
 * - `GET /__simulator/stats` → request counters.
 * - `GET|PUT /__simulator/version-check` → `{mode}` of `GET /manager/version/check`.
 * - `POST /__simulator/enroll` `{name, group?}` → `{id}`: a host enrolls an agent (it stays never connected).
 * - `POST /__simulator/connect` `{id, platform?}`: that agent's first connection (`linux`, `windows`, `darwin`).
 * - `POST /__simulator/log` `{tag, level, description, node?}`: a daemon writes a line to a node's log now.
 * - `PUT /__simulator/cluster-node` `{node, answering}`: a worker stops (or resumes) answering the master.
 * - `PUT /__simulator/restart` `{ms}`: how long a manager or node restart keeps its daemons down.
 * - `PUT /__simulator/upgrades` `{error, ms?}`: upgrades asked from now on end `Failed` with `error`
 *   (`null`: they succeed), after `ms`.
 * - `PUT /__simulator/drop-events` `{node?, dropping}`: a node's (default: the answering one's) queues
 *   run full and its remoted and analysisd drop events, until `dropping: false`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatAgentId, parseAgentId } from './data/agents';
import { MANAGER_VERSION, OPERATING_SYSTEMS, osFamily } from './data/catalogues';
import { LOG_LEVELS, type LogLevel } from './data/manager-log';
import { VERSION_CHECK_MODES, type VersionCheckMode } from './data/version-check';
import { NO_FAULTS, faultUpdateError } from './faults';
import { MAX_BODY_BYTES, readBody } from './http/body';
import { NODE_NAME, plainProblem } from './http/problem';
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

/** What an agent's enrollment does to the registry; an error message when it cannot be done. */
function enrollAgent(
  state: SimulatorState,
  name: unknown,
  group: unknown,
): { id: string } | { error: string } {
  if (typeof name !== 'string' || !/^[\w.-]{1,128}$/.test(name))
    return { error: 'name must be 1 to 128 letters, digits, dots, dashes or underscores' };
  if (state.agents.findByName(name) !== undefined)
    return { error: `an agent named ${name} exists` };
  if (group !== undefined && (typeof group !== 'string' || !state.agents.groupNames.has(group)))
    return { error: `group must be one of ${[...state.agents.groupNames].join(', ')}` };
  const n = state.agents.add(name, 'any');
  if (typeof group === 'string' && group !== 'default') state.agents.assignGroup(n, group, false);
  return { id: formatAgentId(n) };
}

/** An enrolled agent's first connection, reporting an OS of the platform family and the manager's version. */
function connectAgent(
  state: SimulatorState,
  id: unknown,
  platform: unknown = 'linux',
): { id: string } | { error: string } {
  const n = typeof id === 'string' ? parseAgentId(id) : undefined;
  if (n === undefined || !state.agents.has(n)) return { error: `no agent ${String(id)}` };
  const os = OPERATING_SYSTEMS.map(([info]) => info).find((info) => osFamily(info) === platform);
  if (!os) return { error: 'platform must be one of linux, windows, darwin' };
  state.agents.connect(n, os, MANAGER_VERSION);
  return { id: formatAgentId(n) };
}

/** Writes a line to a node's log (the answering node's by default). */
export function writeLogLine(
  state: SimulatorState,
  line: { tag: string; level: LogLevel; description: string; node?: string },
): void {
  if (!/^[\w:-]{1,64}$/.test(line.tag)) throw new RangeError('tag must be a daemon name');
  if (!LOG_LEVELS.includes(line.level))
    throw new RangeError(`level must be one of ${LOG_LEVELS.join(', ')}`);
  const log = line.node === undefined ? state.managerLog : state.cluster?.log(line.node);
  if (!log) throw new RangeError(`no node named ${String(line.node)}`);
  log.write(line.tag, line.level, line.description);
}

/** Makes a worker stop or resume answering the master. */
export function setNodeAnswering(state: SimulatorState, node: string, answering: boolean): void {
  if (!state.cluster) throw new RangeError('the simulator runs no cluster');
  state.cluster.setAnswering(node, answering);
}

/** How long restarts last from now on (ms). */
export function setRestartDuration(state: SimulatorState, ms: unknown): void {
  if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0)
    throw new RangeError('ms must be an integer >= 0');
  state.restartMs = ms;
}

/** How upgrades asked from now on end: with `error` (a failure) or `null` (success), after `ms`. */
export function setUpgradeOutcome(state: SimulatorState, error: unknown, ms?: unknown): void {
  if (error !== null && (typeof error !== 'string' || error === ''))
    throw new RangeError('error must be a message or null');
  if (ms !== undefined && (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0))
    throw new RangeError('ms must be an integer >= 0');
  state.upgradeTasks.failure = error ?? undefined;
  if (ms !== undefined) state.upgradeTasks.durationMs = ms;
}

function setDroppingEvents(state: SimulatorState, node: string, dropping: boolean): void {
  if (state.cluster ? !state.cluster.node(node) : node !== NODE_NAME)
    throw new RangeError(`no node named ${node}`);
  state.daemonStats.setDropping(node, dropping);
}

/** 400 with the message of a refused control, 200 with `body` otherwise. */
function attempt(response: ServerResponse, change: () => void, body: unknown): void {
  try {
    change();
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return reply(response, 400, { error: error.message });
  }
  reply(response, 200, body);
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
    case 'POST /enroll': {
      const body = await jsonBody(request);
      const outcome = enrollAgent(state, body?.name, body?.group);
      return reply(response, 'error' in outcome ? 400 : 200, outcome);
    }
    case 'POST /connect': {
      const body = await jsonBody(request);
      const outcome = connectAgent(state, body?.id, body?.platform);
      return reply(response, 'error' in outcome ? 400 : 200, outcome);
    }
    case 'POST /log': {
      const body = (await jsonBody(request)) ?? {};
      const line = {
        tag: String(body.tag),
        level: body.level as LogLevel,
        description: String(body.description ?? ''),
        node: typeof body.node === 'string' ? body.node : undefined,
      };
      return attempt(response, () => writeLogLine(state, line), line);
    }
    case 'PUT /cluster-node': {
      const body = (await jsonBody(request)) ?? {};
      const node = String(body.node);
      const answering = body.answering !== false;
      return attempt(response, () => setNodeAnswering(state, node, answering), {
        node,
        answering,
      });
    }
    case 'PUT /restart': {
      const body = (await jsonBody(request)) ?? {};
      return attempt(response, () => setRestartDuration(state, body.ms), { ms: body.ms });
    }
    case 'PUT /upgrades': {
      const body = (await jsonBody(request)) ?? {};
      return attempt(response, () => setUpgradeOutcome(state, body.error, body.ms), {
        error: body.error,
        ms: state.upgradeTasks.durationMs,
      });
    }
    case 'PUT /drop-events': {
      const body = (await jsonBody(request)) ?? {};
      const dropping = body.dropping !== false;
      const node =
        body.node === undefined ? (state.cluster?.local.name ?? NODE_NAME) : String(body.node);
      return attempt(response, () => setDroppingEvents(state, node, dropping), {
        node,
        dropping,
      });
    }
    default:
      return reply(response, 404, { error: `no control route ${route}` });
  }
}
