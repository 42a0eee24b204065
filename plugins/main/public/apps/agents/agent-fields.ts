import type { ManagedApi } from '../../services/managed-api';
import { AGENT_STATUSES } from '../../services/managed-api-types';
import type { SearchField, ValueSuggester } from '../../query-languages/types';

/** Agent fields the managed API's `q` accepts, as the search bar offers them. */
export const AGENT_SEARCH_FIELDS: SearchField[] = [
  { name: 'id', description: 'agent ID, e.g. 001' },
  { name: 'name', description: 'agent name' },
  { name: 'ip', description: 'IP address' },
  { name: 'status', description: 'connection status', values: AGENT_STATUSES },
  { name: 'group', description: 'member of group' },
  { name: 'version', description: 'agent version' },
  { name: 'os.name', description: 'operating system name' },
  { name: 'os.platform', description: 'operating system platform' },
  { name: 'os.version', description: 'operating system version' },
  { name: 'manager', description: 'manager host name' },
  { name: 'node_name', description: 'cluster node' },
  { name: 'registerIP', description: 'IP the agent registered from' },
  {
    name: 'group_config_status',
    description: 'group configuration',
    values: ['synced', 'not synced'],
  },
  { name: 'dateAdd', description: 'registration date (e.g. dateAdd<7d)' },
  { name: 'lastKeepAlive', description: 'last keep-alive (e.g. lastKeepAlive>1d)' },
];

const VALUE_SUGGESTIONS = 20;

function valuesAt(item: unknown, path: string[]): string[] {
  if (item === undefined || item === null) return [];
  if (Array.isArray(item)) return item.flatMap((element) => valuesAt(element, path));
  if (path.length === 0) return [String(item)];
  return valuesAt((item as Record<string, unknown>)[path[0]], path.slice(1));
}

/** Distinct values of a field among the host's agents, narrowed to those containing what was typed. */
export function agentValueSuggester(api: ManagedApi, apiHostId: string): ValueSuggester {
  return async (field, prefix, signal) => {
    if (field === 'group') {
      const groups = await api.list<{ name: string }>({
        apiHostId,
        path: '/groups',
        query: { limit: VALUE_SUGGESTIONS, search: prefix || undefined },
        signal,
      });
      return groups.items.map((group) => group.name);
    }
    // A value with q's separators cannot be searched for; then only the distinct values are listed.
    const usablePrefix = prefix && !/[;,()]/.test(prefix) ? prefix : '';
    const page = await api.list<unknown>({
      apiHostId,
      path: '/agents',
      query: {
        select: field,
        distinct: true,
        limit: VALUE_SUGGESTIONS,
        sort: `+${field}`,
        q: usablePrefix ? `${field}~${usablePrefix}` : undefined,
      },
      signal,
    });
    return page.items.flatMap((item) => valuesAt(item, field.split('.')));
  };
}
