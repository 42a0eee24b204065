/**
 * The browser's client of `/api/server/*`: a node's ossec.conf, applying it, the managed API's check,
 * the restart and the readiness of the restarted nodes, and the enrollment settings.
 */
import { isHttpFetchError, type HttpStart } from '@host/public/types';
import {
  type ApplyOutcome,
  type ConfigurationFile,
  type ConfigurationProblem,
  type EnrollmentSettings,
  type NodeValidation,
  type Readiness,
  type RestartOutcome,
  SERVER_ROUTES,
} from '../../common/server-operations';
import { toSvcError } from './svc-error';

/** The managed API refused the file, or its check fails: the messages, line by line. */
export class ConfigurationRefusal extends Error {
  constructor(
    message: string,
    readonly problems: ConfigurationProblem[],
  ) {
    super(message);
    this.name = 'ConfigurationRefusal';
  }
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isHttpFetchError(error) && Array.isArray(error.body?.attributes?.problems))
      throw new ConfigurationRefusal(
        String(error.body.message ?? ''),
        error.body.attributes.problems as ConfigurationProblem[],
      );
    throw toSvcError(error);
  }
}

/** Where a call goes: a manager that runs alone (no node), one node, or every node (`cluster`). */
export interface ServerTarget {
  apiHostId: string;
  node?: string;
  cluster?: boolean;
}

function query(target: ServerTarget): Record<string, string | boolean> {
  return {
    apiHostId: target.apiHostId,
    ...(target.node !== undefined && { node: target.node }),
    ...(target.cluster && { cluster: true }),
  };
}

export class ServerOperationsClient {
  constructor(private readonly http: HttpStart) {}

  file(target: ServerTarget, signal?: AbortSignal) {
    return call(() =>
      this.http.get<ConfigurationFile & { hash: string }>(SERVER_ROUTES.configuration, {
        query: query(target),
        signal,
      }),
    );
  }

  apply(target: ServerTarget, text: string, baseHash: string) {
    return call(() =>
      this.http.put<ApplyOutcome>(SERVER_ROUTES.configuration, {
        body: JSON.stringify({ ...query(target), text, baseHash }),
      }),
    );
  }

  async validation(target: ServerTarget, signal?: AbortSignal): Promise<NodeValidation[]> {
    const answer = await call(() =>
      this.http.get<{ nodes: NodeValidation[] }>(SERVER_ROUTES.validation, {
        query: query(target),
        signal,
      }),
    );
    return answer.nodes;
  }

  restart(target: ServerTarget) {
    return call(() =>
      this.http.post<RestartOutcome>(SERVER_ROUTES.restart, {
        body: JSON.stringify(query(target)),
      }),
    );
  }

  /** Whether `nodes` answer again (none: the manager that runs alone). */
  readiness(apiHostId: string, nodes: string[], signal?: AbortSignal) {
    return call(() =>
      this.http.get<Readiness>(SERVER_ROUTES.readiness, {
        query: { apiHostId, ...(nodes.length > 0 && { nodes: nodes.join(',') }) },
        signal,
      }),
    );
  }

  enrollment(apiHostId: string, signal?: AbortSignal) {
    return call(() =>
      this.http.get<EnrollmentSettings>(SERVER_ROUTES.enrollment, {
        query: { apiHostId },
        signal,
      }),
    );
  }
}
