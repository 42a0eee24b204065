/**
 * The managed API's ruleset and group calls the management views make: files are read
 * raw and saved as they are (`{origin, body}` through the proxy, so the API receives the file's
 * bytes with its own media type), plus the ruleset test, validation and restart.
 */
import type { ManagedApi } from './managed-api';
import type { ItemsEnvelope } from './managed-api-types';

export type RulesetFileKind = 'rules' | 'decoders' | 'lists';

export interface RulesetFileRef {
  filename: string;
  relative_dirname: string;
}

/** The folder where users keep their own files; everything else is the built-in ruleset. */
export const CUSTOM_FOLDER: Record<RulesetFileKind, string> = {
  rules: 'etc/rules',
  decoders: 'etc/decoders',
  lists: 'etc/lists',
};

export function isCustomFile(file: RulesetFileRef): boolean {
  return file.relative_dirname === 'etc' || file.relative_dirname.startsWith('etc/');
}

const ACTION: Record<RulesetFileKind, string> = {
  rules: 'rules',
  decoders: 'decoders',
  lists: 'lists',
};

function filePath(kind: RulesetFileKind, file: RulesetFileRef): string {
  return `/${kind}/files/${encodeURIComponent(file.filename)}`;
}

/** Lists take no folder: they all live in `etc/lists`. */
function folderQuery(kind: RulesetFileKind, file: RulesetFileRef) {
  return kind === 'lists' ? {} : { relative_dirname: file.relative_dirname };
}

function asText(body: unknown): string {
  return typeof body === 'string' ? body : JSON.stringify(body);
}

export interface LogtestOutput {
  full_log?: string;
  predecoder?: { program_name?: string; timestamp?: string; hostname?: string };
  decoder?: { name?: string; parent?: string };
  data?: Record<string, unknown>;
  rule?: { id: string; level: number; description: string; groups?: string[]; firedtimes?: number };
  [field: string]: unknown;
}

export interface LogtestResult {
  token: string;
  messages: string[];
  output: LogtestOutput;
  alert: boolean;
  codemsg: number;
}

export class RulesetApi {
  constructor(
    private readonly api: ManagedApi,
    readonly apiHostId: string,
  ) {}

  async readFile(kind: RulesetFileKind, file: RulesetFileRef, signal?: AbortSignal) {
    const body = await this.api.request<unknown>({
      apiHostId: this.apiHostId,
      path: filePath(kind, file),
      query: { raw: true, ...folderQuery(kind, file) },
      signal,
      action: `${ACTION[kind]}:read`,
    });
    return asText(body);
  }

  /** Saves the file's text as the managed API expects it: `application/octet-stream`. */
  async saveFile(kind: RulesetFileKind, file: RulesetFileRef, text: string, overwrite: boolean) {
    await this.api.mutate({
      apiHostId: this.apiHostId,
      method: 'PUT',
      path: filePath(kind, file),
      query: { overwrite, ...folderQuery(kind, file) },
      body: { origin: 'raw', body: text },
      action: `${ACTION[kind]}:update`,
    });
  }

  async deleteFile(kind: RulesetFileKind, file: RulesetFileRef) {
    await this.api.mutate({
      apiHostId: this.apiHostId,
      method: 'DELETE',
      path: filePath(kind, file),
      query: folderQuery(kind, file),
      action: `${ACTION[kind]}:delete`,
    });
  }

  async createGroup(group: string) {
    await this.api.request({
      apiHostId: this.apiHostId,
      method: 'POST',
      path: '/groups',
      body: { group_id: group },
      action: 'group:create',
    });
  }

  /** Deletes a group; its agents keep their other groups, or go back to `default`. */
  async deleteGroup(group: string) {
    await this.api.mutate({
      apiHostId: this.apiHostId,
      method: 'DELETE',
      path: '/groups',
      query: { groups_list: group },
      action: 'group:delete',
    });
  }

  async readGroupConfiguration(group: string, signal?: AbortSignal) {
    const body = await this.api.request<unknown>({
      apiHostId: this.apiHostId,
      path: `/groups/${encodeURIComponent(group)}/files/agent.conf`,
      query: { raw: true },
      signal,
      action: 'group:read',
    });
    return asText(body);
  }

  /** Saves a group's `agent.conf` as `application/xml`. */
  async saveGroupConfiguration(group: string, text: string) {
    await this.api.request({
      apiHostId: this.apiHostId,
      method: 'PUT',
      path: `/groups/${encodeURIComponent(group)}/configuration`,
      body: { origin: 'xmleditor', body: text },
      action: 'group:update_config',
    });
  }

  async logtest(event: {
    event: string;
    log_format: string;
    location: string;
    token?: string;
  }): Promise<LogtestResult> {
    return this.api.data<LogtestResult>({
      apiHostId: this.apiHostId,
      method: 'PUT',
      path: '/logtest',
      body: event,
      action: 'logtest:run',
    });
  }

  async endLogtestSession(token: string) {
    await this.api.request({
      apiHostId: this.apiHostId,
      method: 'DELETE',
      path: `/logtest/sessions/${encodeURIComponent(token)}`,
      action: 'logtest:run',
    });
  }

  /** Checks the manager's configuration; rejects with the API's own words when it is invalid. */
  async validate() {
    await this.api.mutate({
      apiHostId: this.apiHostId,
      path: '/manager/configuration/validation',
      action: 'manager:read',
    });
  }

  async restart() {
    await this.api.mutate({
      apiHostId: this.apiHostId,
      method: 'PUT',
      path: '/manager/restart',
      action: 'manager:restart',
    });
  }

  /** True once every daemon runs again (during a restart the API answers 1017, an error). */
  async managerIsUp(signal?: AbortSignal): Promise<boolean> {
    const envelope = await this.api.request<ItemsEnvelope<Record<string, string>>>({
      apiHostId: this.apiHostId,
      path: '/manager/status',
      signal,
      action: 'manager:read',
    });
    const states = envelope.data.affected_items[0] ?? {};
    return Object.values(states).every((state) => state === 'running' || state === 'stopped');
  }
}
