/**
 * The work behind `POST /api/check-stored-api` and `POST /api/check-api`, answering in the shape the
 * reference product's browser code reads (`cluster_info`, top-level `manager`, `node`, `cluster`,
 * `status`, `allow_run_as`, `uuid`) beside the dashboard's own check result.
 *
 * A check whose fields equal the stored host's is a check of the stored host: any signed-in user may
 * ask for it (the health check does, with the `/hosts/apis` entry as it is). Other settings are for
 * administrators, and the stored password is only ever sent to the stored address: with another URL
 * or port the caller must type the password.
 */
import type { AuthenticatedUser } from '@host/server/types';
import type { ApiHostCheck, RunAsStatus } from '../../../common/api-host-check';
import { normalizeHostUrl } from '../../../common/api-host-rules';
import { ADMIN_ROLE } from '../../../common/constants';
import type { ApiHostStore, StoredApiHost } from '../api-hosts/api-host-store';
import { readCaFile } from '../api-hosts/ca-file';
import { ApiHostNotFoundError } from '../managed-api/errors';
import type { ManagedApiService } from '../managed-api/managed-api-service';
import { RequestFieldError } from '../request-field-error';
import { RoleRequiredError } from '../service-errors';
import type { ApiHostChecker, ApiHostCheckOutcome, UnsavedApiHost } from './api-host-checker';
import type { ApiHostCheckRegistry } from './api-host-checks';

/** The cluster facts the reference product keeps per host. */
export interface ClusterInfo {
  manager: string | null;
  node: string | null;
  /** `enabled` when the manager runs in a cluster. */
  status: 'enabled' | 'disabled';
  /** Cluster name, `Disabled` outside a cluster. */
  cluster: string;
}

export interface ApiCheckAnswer {
  outcome: ApiHostCheckOutcome;
  body: Record<string, unknown>;
}

export type CheckApiInput = Partial<Omit<UnsavedApiHost, 'run_as' | 'tls_verify'>> & {
  id?: string;
  run_as?: boolean;
  tls_verify?: boolean;
};

/** Settings of a check that may differ from the stored host's. */
const SETTINGS = ['url', 'port', 'username', 'run_as', 'tls_verify', 'ca_file'] as const;

/** The reference product's numeric run_as states (`API_USER_STATUS_RUN_AS`). */
const RUN_AS_CODES: Record<RunAsStatus, number> = {
  unknown: -1,
  all_disabled: 0,
  user_not_allowed: 1,
  host_disabled: 2,
  enabled: 3,
};

export interface ApiCheckRequestsDeps {
  hosts: Pick<ApiHostStore, 'get' | 'resolve'>;
  hostChecks: Pick<ApiHostCheckRegistry, 'refresh'>;
  checker: Pick<ApiHostChecker, 'checkUnsaved'>;
  api: Pick<ManagedApiService, 'asInternalUser'>;
  caFileMaxBytes: number;
}

function firstItem(data: unknown): Record<string, unknown> | undefined {
  const items = (data as { data?: { affected_items?: unknown[] } } | undefined)?.data
    ?.affected_items;
  const first = Array.isArray(items) ? items[0] : undefined;
  return first !== null && typeof first === 'object'
    ? (first as Record<string, unknown>)
    : undefined;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function sameValue(
  field: (typeof SETTINGS)[number],
  given: unknown,
  stored: StoredApiHost,
): boolean {
  if (field === 'url') return normalizeHostUrl(given as string) === stored.url;
  return given === stored[field];
}

export class ApiCheckRequests {
  constructor(private readonly deps: ApiCheckRequestsDeps) {}

  /** Checks a stored host anew; `idChanged` is echoed, as the reference product's health check expects. */
  async checkStored(
    apiHostId: string,
    idChanged: string | undefined,
    signal?: AbortSignal,
  ): Promise<ApiCheckAnswer> {
    const outcome = await this.deps.hostChecks.refresh(apiHostId, signal);
    const host = await this.deps.hosts.get(apiHostId);
    if (!outcome || !host) throw new ApiHostNotFoundError(apiHostId);
    const facts = outcome.error
      ? undefined
      : await this.clusterFacts(apiHostId, outcome.check, signal);
    return {
      outcome,
      body: {
        statusCode: 200,
        data: {
          ...host,
          status: outcome.check,
          ...(facts && { cluster_info: facts.clusterInfo }),
        },
        idChanged: idChanged ?? null,
      },
    };
  }

  /** Checks a stored host, or settings that are not stored (administrators only). */
  async check(
    user: AuthenticatedUser | null,
    input: CheckApiInput,
    signal?: AbortSignal,
  ): Promise<ApiCheckAnswer> {
    const { id, password, ...settings } = input;
    const stored = id === undefined ? undefined : await this.deps.hosts.get(id);
    if (id !== undefined && !stored) throw new ApiHostNotFoundError(id);
    const changed = SETTINGS.filter(
      (field) =>
        settings[field] !== undefined && !(stored && sameValue(field, settings[field], stored)),
    );
    if (stored && password === undefined && changed.length === 0) {
      const outcome = await this.deps.hostChecks.refresh(stored.id, signal);
      if (!outcome) throw new ApiHostNotFoundError(stored.id);
      return this.answer(outcome, stored.id, signal);
    }
    if (id === undefined && password === undefined && changed.length === 0)
      throw new RequestFieldError(
        'id',
        'give the id of a stored host, or its url, port, username and password',
      );
    // Trying credentials or addresses that are not stored sends a password where the caller says.
    if (!user?.roles.includes(ADMIN_ROLE))
      throw new RoleRequiredError(ADMIN_ROLE, 'check unsaved API host settings');
    const host = {
      ...stored,
      ...Object.fromEntries(changed.map((field) => [field, settings[field]])),
    };
    for (const field of ['url', 'port', 'username'] as const) {
      if (host[field] === undefined)
        throw new RequestFieldError(field, 'is required to check unsaved settings');
    }
    const movesAway = changed.includes('url') || changed.includes('port');
    if (password === undefined && (!stored || movesAway))
      throw new RequestFieldError(
        'password',
        stored
          ? 'is required when the URL or port differ from the stored host: its stored password is only sent to its stored address'
          : 'is required to check unsaved settings',
      );
    if (host.ca_file) await readCaFile(host.ca_file, this.deps.caFileMaxBytes);
    const resolved = password === undefined ? await this.deps.hosts.resolve(stored!.id) : undefined;
    const outcome = await this.deps.checker.checkUnsaved(
      {
        url: host.url as string,
        port: host.port as number,
        username: host.username as string,
        password: password ?? resolved!.readPassword(),
        run_as: host.run_as ?? false,
        tls_verify: host.tls_verify ?? true,
        ...(host.ca_file ? { ca_file: host.ca_file } : {}),
      },
      signal,
    );
    return this.answer(outcome, undefined, signal);
  }

  private async answer(
    outcome: ApiHostCheckOutcome,
    storedId: string | undefined,
    signal?: AbortSignal,
  ): Promise<ApiCheckAnswer> {
    if (outcome.error) return { outcome, body: {} };
    const facts =
      storedId === undefined
        ? { clusterInfo: localClusterInfo(outcome.check), uuid: undefined }
        : await this.clusterFacts(storedId, outcome.check, signal);
    return {
      outcome,
      body: {
        data: outcome.check,
        ...facts.clusterInfo,
        allow_run_as: RUN_AS_CODES[outcome.check.run_as],
        ...(facts.uuid === undefined ? {} : { uuid: facts.uuid }),
      },
    };
  }

  /**
   * Manager name, cluster membership and installation id of a stored host, read as the reference
   * product reads them; a part that cannot be read keeps the value it gives outside a cluster.
   */
  private async clusterFacts(
    apiHostId: string,
    check: ApiHostCheck,
    signal?: AbortSignal,
  ): Promise<{ clusterInfo: ClusterInfo; uuid: string | undefined }> {
    const get = async (path: string) => {
      const answer = await this.deps.api.asInternalUser
        .request('GET', path, undefined, { apiHostId, signal })
        .catch(() => undefined);
      return answer?.status === 200 ? answer.data : undefined;
    };
    const [info, status] = await Promise.all([get('/manager/info'), get('/cluster/status')]);
    const clusterInfo = localClusterInfo(check);
    const enabled =
      (status as { data?: { enabled?: unknown } } | undefined)?.data?.enabled === 'yes';
    if (enabled) {
      const local = firstItem(await get('/cluster/local/info'));
      clusterInfo.status = 'enabled';
      clusterInfo.node = text(local?.node);
      clusterInfo.cluster = text(local?.cluster) ?? clusterInfo.cluster;
    }
    return { clusterInfo, uuid: text(firstItem(info)?.uuid) ?? undefined };
  }
}

/** What a check alone tells: the manager's name, and no cluster. */
function localClusterInfo(check: ApiHostCheck): ClusterInfo {
  return { manager: check.hostname ?? null, node: null, status: 'disabled', cluster: 'Disabled' };
}
