/**
 * The manager's configuration edited and applied, its restart, and the enrollment settings, as the
 * dashboard user (the managed API's RBAC applies). A file is stored only when the managed API accepts
 * it; the text it replaced is kept in a saved object (one per API host and node), so it can be
 * brought back from any dashboard instance.
 */
import { createHash } from 'node:crypto';
import {
  type AuthenticatedUser,
  type ISavedObjectsRepository,
  SavedObjectsErrorHelpers,
} from '@host/server/types';
import type {
  AppliedConfiguration,
  ApplyOutcome,
  ConfigurationFile,
  ConfigurationProblem,
  EnrollmentSettings,
  NodeReadiness,
  NodeValidation,
  Readiness,
  RestartOutcome,
} from '../../../common/server-operations';
import type { ApiHostRequester } from '../managed-api/api-host-requester';
import { UpstreamRejectedError, isManagedApiError } from '../managed-api/errors';
import { upstreamProblem } from '../managed-api/upstream-problem';
import { VerbatimBody } from '../managed-api/verbatim-body';
import { ConflictError, ContentTooLargeError } from '../service-errors';
import { SvcError } from '../svc-error';

export const SERVER_CONFIGURATION_SAVED_OBJECT_TYPE = 'svc-server-configuration';

/** The managed API refused a file (`configuration_refused`) or a restart its check fails (`configuration_invalid`). */
class ConfigurationRefusedError extends SvcError<
  'configuration_refused' | 'configuration_invalid'
> {
  readonly statusCode = 400;
  constructor(
    message: string,
    readonly code: 'configuration_refused' | 'configuration_invalid',
    readonly problems: ConfigurationProblem[],
  ) {
    super(message);
  }

  override toAttributes(): Record<string, unknown> {
    return { code: this.code, problems: this.problems };
  }
}

interface ServerOperationsLimits {
  /** `svc.server.configurationMaxBytes`. */
  configurationMaxBytes: number;
  /** `svc.server.restartWaitSeconds`. */
  restartWaitSeconds: number;
}

export interface ServerOperationsDeps {
  asUser(user: AuthenticatedUser | null): ApiHostRequester;
  repository: ISavedObjectsRepository;
  limits: ServerOperationsLimits;
  /** `svc.enrollment.address` ('' when unset). */
  enrollmentAddress: string;
  now?: () => number;
}

/** Where a call goes: a manager that runs alone (no node), or one node of a cluster. */
export interface Target {
  apiHostId: string;
  node?: string;
}

interface FailedItem {
  error?: { code?: number; message?: string };
  id?: unknown[];
}

interface ItemsEnvelope<T> {
  data?: { affected_items?: T[]; failed_items?: FailedItem[] };
}

/** The code's own title the managed API puts before a check's messages. */
const VALIDATION_TITLE = /^Error validating configuration: /;
/** The manager's check writes each message as `(NNNN): text`, joined with `, `. */
const MESSAGE_BOUNDARY = /, (?=\(\d{4}\): )/;

function lineOf(message: string): number | undefined {
  const match = /\bline (\d+)/i.exec(message);
  return match ? Number(match[1]) : undefined;
}

/** A failed item's message as one problem per message of the manager's check. */
export function problemsOf(node: string, code: number, message: string): ConfigurationProblem[] {
  const messages =
    code === 1908 ? message.replace(VALIDATION_TITLE, '').split(MESSAGE_BOUNDARY) : [message];
  return messages.map((text) => ({ node, code, message: text, line: lineOf(text) }));
}

function failureProblems(envelope: ItemsEnvelope<unknown>, node: string): ConfigurationProblem[] {
  return (envelope.data?.failed_items ?? []).flatMap((failure) =>
    (failure.id ?? [node]).flatMap((id) =>
      problemsOf(
        String(id),
        failure.error?.code ?? 0,
        failure.error?.message ?? 'The managed API refused it.',
      ),
    ),
  );
}

function nodePath(node: string | undefined, what: string): string {
  return node === undefined ? `/manager/${what}` : `/cluster/${encodeURIComponent(node)}/${what}`;
}

function textHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function recordId({ apiHostId, node }: Target): string {
  return `${apiHostId}:${node ?? ''}`;
}

interface AppliedRecord {
  api_host_id: string;
  node: string;
  applied_text: string;
  previous_text: string;
  applied_at: string;
  applied_by: string;
}

export class ServerOperationsService {
  private readonly now: () => number;

  constructor(private readonly deps: ServerOperationsDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** `GET path` as the user; the answer's data, or the managed API's refusal as a typed error. */
  private async read<T>(user: AuthenticatedUser | null, apiHostId: string, path: string) {
    const answer = await this.deps.asUser(user).request<T>('GET', path, undefined, { apiHostId });
    if (answer.status !== 200) throw rejected(apiHostId, path, answer);
    return answer.data;
  }

  /** The node's ossec.conf as the managed API sends it, with the last change made from here. */
  async file(
    user: AuthenticatedUser | null,
    target: Target,
  ): Promise<ConfigurationFile & { hash: string }> {
    const text = await this.rawText(user, target);
    const lastApplied = await this.lastApplied(target);
    return { node: target.node, text, hash: textHash(text), ...(lastApplied && { lastApplied }) };
  }

  private async rawText(user: AuthenticatedUser | null, target: Target): Promise<string> {
    const data = await this.read<unknown>(
      user,
      target.apiHostId,
      `${nodePath(target.node, 'configuration')}?raw=true`,
    );
    return typeof data === 'string' ? data : JSON.stringify(data);
  }

  private async lastApplied(target: Target): Promise<AppliedConfiguration | undefined> {
    try {
      const { attributes } = await this.deps.repository.get<AppliedRecord>(
        SERVER_CONFIGURATION_SAVED_OBJECT_TYPE,
        recordId(target),
      );
      return {
        appliedText: attributes.applied_text,
        previousText: attributes.previous_text,
        appliedAt: attributes.applied_at,
        appliedBy: attributes.applied_by,
      };
    } catch (error) {
      if (SavedObjectsErrorHelpers.isNotFoundError(error)) return undefined;
      throw error;
    }
  }

  /**
   * Sends the file to the managed API. `baseHash` is the hash of the text the editor started from:
   * when the stored file changed since, nothing is sent (409). A file the API refuses is not stored
   * there (its own rule) and nothing is recorded here; an accepted one is recorded with the text it
   * replaced, then checked.
   */
  async apply(
    user: AuthenticatedUser | null,
    target: Target,
    text: string,
    baseHash: string,
  ): Promise<ApplyOutcome> {
    const size = Buffer.byteLength(text, 'utf8');
    if (size > this.deps.limits.configurationMaxBytes)
      throw new ContentTooLargeError(
        `The configuration is ${size} bytes; at most ${this.deps.limits.configurationMaxBytes} are accepted (svc.server.configurationMaxBytes).`,
        'configuration_too_large',
      );
    const previous = await this.rawText(user, target);
    if (textHash(previous) !== baseHash)
      throw new ConflictError(
        'The configuration changed since it was opened: reload it, then make the change again.',
        'configuration_changed',
      );
    const path = nodePath(target.node, 'configuration');
    const answer = await this.deps
      .asUser(user)
      .request<ItemsEnvelope<string>>(
        'PUT',
        path,
        new VerbatimBody(text, 'application/octet-stream'),
        { apiHostId: target.apiHostId },
      );
    if (answer.status !== 200) throw rejected(target.apiHostId, path, answer);
    const problems = failureProblems(answer.data, target.node ?? 'manager');
    if (problems.length > 0)
      throw new ConfigurationRefusedError(
        'The managed API refused the configuration; the file in use did not change.',
        'configuration_refused',
        problems,
      );
    await this.deps.repository.create<AppliedRecord>(
      SERVER_CONFIGURATION_SAVED_OBJECT_TYPE,
      {
        api_host_id: target.apiHostId,
        node: target.node ?? '',
        applied_text: text,
        previous_text: previous,
        applied_at: new Date(this.now()).toISOString(),
        applied_by: user?.username ?? '',
      },
      { id: recordId(target), overwrite: true },
    );
    return { validation: await this.validation(user, target) };
  }

  /** The managed API's check of the node's file (of every node with `cluster`), node by node. */
  async validation(
    user: AuthenticatedUser | null,
    target: Target & { cluster?: boolean },
  ): Promise<NodeValidation[]> {
    const clustered = target.cluster || target.node !== undefined;
    const path = !clustered
      ? '/manager/configuration/validation'
      : target.node === undefined
        ? '/cluster/configuration/validation'
        : `/cluster/configuration/validation?nodes_list=${encodeURIComponent(target.node)}`;
    const envelope = await this.read<ItemsEnvelope<{ name: string; status: string }>>(
      user,
      target.apiHostId,
      path,
    );
    const passed = (envelope.data?.affected_items ?? []).map((item): NodeValidation => ({
      node: item.name,
      ok: item.status === 'OK',
      problems: [],
    }));
    const problems = failureProblems(envelope, target.node ?? 'manager');
    const failedNodes = [...new Set(problems.map((problem) => problem.node))];
    return [
      ...passed,
      ...failedNodes.map((node) => ({
        node,
        ok: false,
        problems: problems.filter((problem) => problem.node === node),
      })),
    ];
  }

  /**
   * Restarts the manager, one node or (`cluster`) every node, once the managed API's check passes
   * for them; the browser then waits for them until `waitUntil`.
   */
  async restart(
    user: AuthenticatedUser | null,
    target: Target & { cluster?: boolean },
  ): Promise<RestartOutcome> {
    const validation = await this.validation(user, target);
    const problems = validation.flatMap((node) => node.problems);
    if (problems.length > 0)
      throw new ConfigurationRefusedError(
        'The configuration check fails: fix it before restarting.',
        'configuration_invalid',
        problems,
      );
    const path = !(target.cluster || target.node !== undefined)
      ? '/manager/restart'
      : target.node === undefined
        ? '/cluster/restart'
        : `/cluster/restart?nodes_list=${encodeURIComponent(target.node)}`;
    const answer = await this.deps
      .asUser(user)
      .request<ItemsEnvelope<string>>('PUT', path, undefined, { apiHostId: target.apiHostId });
    if (answer.status !== 200 && answer.status !== 202)
      throw rejected(target.apiHostId, path, answer);
    const refused = failureProblems(answer.data, target.node ?? 'manager');
    if (refused.length > 0)
      throw new ConfigurationRefusedError(
        'The managed API did not restart every node.',
        'configuration_invalid',
        refused,
      );
    return {
      nodes: answer.data.data?.affected_items ?? [],
      waitUntil: new Date(this.now() + this.deps.limits.restartWaitSeconds * 1000).toISOString(),
    };
  }

  /** Whether each node answers with its core daemons running (what the original waits for). */
  async readiness(
    user: AuthenticatedUser | null,
    apiHostId: string,
    nodes: Array<string | undefined>,
  ): Promise<Readiness> {
    const states = await Promise.all(
      nodes.map((node) => this.nodeReadiness(user, apiHostId, node)),
    );
    return { ready: states.every((state) => state.ready), nodes: states };
  }

  private async nodeReadiness(
    user: AuthenticatedUser | null,
    apiHostId: string,
    node: string | undefined,
  ): Promise<NodeReadiness> {
    const name = node ?? 'manager';
    try {
      const answer = await this.deps
        .asUser(user)
        .request<ItemsEnvelope<Record<string, string>>>(
          'GET',
          nodePath(node, 'status'),
          undefined,
          {
            apiHostId,
          },
        );
      if (answer.status !== 200)
        return { node: name, ready: false, detail: upstreamProblem(answer).detail };
      const daemons = answer.data.data?.affected_items?.[0] ?? {};
      const waiting = ['wazuh-execd', 'wazuh-modulesd', 'wazuh-db'].filter(
        (daemon) => daemon in daemons && daemons[daemon] !== 'running',
      );
      return waiting.length === 0
        ? { node: name, ready: true }
        : { node: name, ready: false, detail: `Not running yet: ${waiting.join(', ')}` };
    } catch (error) {
      // A manager that restarts may refuse connections for a while: that is waiting, not failing.
      if (isManagedApiError(error)) return { node: name, ready: false, detail: error.message };
      throw error;
    }
  }

  /** The default server address of new agents and, when the manager asks for one, its password. */
  async enrollment(user: AuthenticatedUser | null, apiHostId: string): Promise<EnrollmentSettings> {
    const address = this.deps.enrollmentAddress || undefined;
    const section = await this.read<ItemsEnvelope<{ auth?: { use_password?: string } }>>(
      user,
      apiHostId,
      '/manager/configuration?section=auth&field=use_password',
    );
    const passwordRequired = section.data?.affected_items?.[0]?.auth?.use_password === 'yes';
    if (!passwordRequired) return { ...(address && { address }), passwordRequired };
    const active = await this.read<ItemsEnvelope<Record<string, unknown>>>(
      user,
      apiHostId,
      '/manager/configuration/auth/auth',
    );
    const password = active.data?.affected_items?.[0]?.['authd.pass'];
    return {
      ...(address && { address }),
      passwordRequired,
      // A caller the managed API does not let update the configuration gets it masked.
      ...(typeof password === 'string' && password !== '' && password !== '*****' && { password }),
    };
  }
}

function rejected(
  apiHostId: string,
  path: string,
  answer: { status: number; data: unknown },
): UpstreamRejectedError {
  const problem = upstreamProblem(answer);
  return new UpstreamRejectedError(
    `API host [${apiHostId}] refused ${path.split('?')[0]}: ${problem.detail ?? problem.title ?? `HTTP ${answer.status}`}`,
    apiHostId,
    problem,
  );
}
