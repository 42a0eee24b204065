/**
 * Reading a node's `ossec.log` as the API does: its lines filtered by `tag` and `level` and the list
 * parameters (in memory, as the API processes the file), newest first; and the counts per daemon.
 */
import type { LogLine, ManagerLog } from '../data/manager-log';
import { AffectedItems, type ListBody } from '../http/envelope';
import type { ParsedParams } from '../http/params';
import { type TableSpec, listItems } from '../query/list-query';
import { listParams } from './list-params';

const LOG_FIELDS = ['timestamp', 'tag', 'level', 'description'] as const;

const LOG_TABLE: TableSpec<LogLine> = {
  mode: 'memory',
  fields: {},
  sortFields: LOG_FIELDS,
  selectFields: LOG_FIELDS,
  requiredFields: [],
};

/** The cluster's routes name the node they read (`in specified node`). */
function where(node: 'local' | 'specified'): string {
  return node === 'specified' ? ' in specified node' : '';
}

/** `GET /manager/logs` (the local node's) and `/cluster/{node_id}/logs` answer with the same list. */
export function logLines(
  log: ManagerLog,
  query: ParsedParams,
  now: number,
  node: 'local' | 'specified',
): ListBody {
  const tag = query.tag as string | undefined;
  const level = query.level as string | undefined;
  const page = listItems<LogLine, LogLine>(
    {
      // Newest first: the file's order reversed, which a sort on `timestamp` keeps within a second.
      rows: log.read(),
      load: (line) => line,
      filter: (line) =>
        (tag === undefined || line.tag === tag) && (level === undefined || line.level === level),
    },
    LOG_TABLE,
    listParams(query),
    now,
  );
  const result = new AffectedItems<Record<string, unknown>>({
    all: `Logs were successfully read${where(node)}`,
    some: 'Could not read logs in some nodes',
    none: `No logs were read${where(node)}`,
  });
  result.setPage(page);
  return result.body();
}

type LevelCounts = Record<'all' | 'info' | 'error' | 'critical' | 'warning' | 'debug', number>;

/** Lines per daemon and level (`debug2` counts as debug), daemons in alphabetical order. */
export function logSummary(log: ManagerLog, node: 'local' | 'specified') {
  const byTag = new Map<string, LevelCounts>();
  for (const line of log.read()) {
    let counts = byTag.get(line.tag);
    if (!counts) {
      counts = { all: 0, info: 0, error: 0, critical: 0, warning: 0, debug: 0 };
      byTag.set(line.tag, counts);
    }
    counts.all++;
    counts[line.level === 'debug2' ? 'debug' : line.level]++;
  }
  const result = new AffectedItems<Record<string, LevelCounts>>({
    all: `Log was successfully summarized${where(node)}`,
    some: 'Could not summarize the log in some nodes',
    none: `Could not summarize the log${where(node)}`,
  });
  result.items = [...byTag.keys()].sort().map((tag) => ({ [tag]: byTag.get(tag) as LevelCounts }));
  return result.render();
}
