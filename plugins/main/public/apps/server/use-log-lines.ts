import { useCallback } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import type { ManagedApi } from '../../services/managed-api';
import { type LogCounts, type LogLine, serverAction, serverPath } from './server-api';

/** The managed API's largest `limit` for log lines. */
const API_PAGE = 500;

export interface LogFilters {
  tag?: string;
  level?: string;
  search?: string;
}

/** A line of the table: the node that wrote it when several are read together. */
export type LogRow = LogLine & { node?: string };

export interface LogPage {
  rows: LogRow[];
  total: number;
  /** Nodes that did not answer (their lines are missing). */
  silentNodes: string[];
}

/** The newest `count` lines of one node that pass the filters, in as few reads as the API allows. */
async function newestLines(
  api: ManagedApi,
  apiHostId: string,
  node: string,
  filters: LogFilters,
  count: number,
  signal: AbortSignal,
): Promise<{ rows: LogRow[]; total: number }> {
  const rows: LogRow[] = [];
  let total = 0;
  for (let offset = 0; offset < count; offset += API_PAGE) {
    const page = await api.list<LogLine>({
      apiHostId,
      path: serverPath(node, 'logs'),
      query: { ...filters, offset, limit: Math.min(API_PAGE, count - offset) },
      signal,
      action: serverAction(node),
    });
    total = page.total;
    rows.push(...page.items.map((line) => ({ ...line, node })));
    if (offset + API_PAGE >= total) break;
  }
  return { rows, total };
}

/**
 * One page of several nodes' logs merged newest first: each node's newest `offset + limit` lines
 * are read (each node's log is at most the API's last 2000 lines) and merged by time.
 */
async function mergedPage(
  api: ManagedApi,
  apiHostId: string,
  nodes: readonly string[],
  filters: LogFilters,
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<LogPage> {
  const answers = await Promise.allSettled(
    nodes.map((node) => newestLines(api, apiHostId, node, filters, offset + limit, signal)),
  );
  const read = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
  if (read.length === 0 && answers[0]?.status === 'rejected') throw answers[0].reason;
  const rows = read
    .flatMap((answer) => answer.rows)
    // Stable: lines of one second keep each node's newest-first order.
    .sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0));
  return {
    rows: rows.slice(offset, offset + limit),
    total: read.reduce((sum, answer) => sum + answer.total, 0),
    silentNodes: nodes.filter((_, index) => answers[index].status === 'rejected'),
  };
}

/** A page of the log lines of the manager (`nodes` is `[undefined]`), of one node, or of several. */
export function useLogLines(
  host: ApiHost,
  nodes: ReadonlyArray<string | undefined>,
  filters: LogFilters,
  offset: number,
  limit: number,
) {
  const { api } = useSvcServices();
  const { tag, level, search } = filters;
  const key = nodes.join(',');
  const load = useCallback(
    async (signal: AbortSignal): Promise<LogPage> => {
      const query = { tag, level, search };
      const names = key === '' ? [] : key.split(',');
      if (names.length > 1) return mergedPage(api, host.id, names, query, offset, limit, signal);
      const node = names[0];
      const page = await api.list<LogLine>({
        apiHostId: host.id,
        path: serverPath(node, 'logs'),
        query: { ...query, offset, limit },
        signal,
        action: serverAction(node),
      });
      return { rows: page.items, total: page.total, silentNodes: [] };
    },
    [api, host.id, key, tag, level, search, offset, limit],
  );
  return useAsync(load, 'Reading the manager log', serverAction(nodes[0]));
}

export type DaemonCounts = LogCounts & { tag: string };

/** Lines per daemon and level, added up over the nodes read. */
export function useLogSummary(host: ApiHost, nodes: ReadonlyArray<string | undefined>) {
  const { api } = useSvcServices();
  const key = nodes.join(',');
  const load = useCallback(
    async (signal: AbortSignal): Promise<DaemonCounts[]> => {
      const names = key === '' ? [undefined] : key.split(',');
      const pages = await Promise.all(
        names.map((node) =>
          api.list<Record<string, LogCounts>>({
            apiHostId: host.id,
            path: serverPath(node, 'logs/summary'),
            signal,
            action: serverAction(node),
          }),
        ),
      );
      const byTag = new Map<string, DaemonCounts>();
      for (const [tag, counts] of pages.flatMap((page) =>
        page.items.flatMap((item) => Object.entries(item)),
      )) {
        const sum = byTag.get(tag) ?? {
          tag,
          all: 0,
          info: 0,
          error: 0,
          critical: 0,
          warning: 0,
          debug: 0,
        };
        for (const level of ['all', 'info', 'error', 'critical', 'warning', 'debug'] as const)
          sum[level] += counts[level] ?? 0;
        byTag.set(tag, sum);
      }
      return [...byTag.values()];
    },
    [api, host.id, key],
  );
  return useAsync(load, 'Loading the logs summary', serverAction(nodes[0]));
}
