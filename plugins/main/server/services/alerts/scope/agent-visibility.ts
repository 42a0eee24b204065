/**
 * Which agents a dashboard user may see on a run_as host, as the managed API's RBAC decides: the
 * ids `GET /agents` lists for the user's identity there. A user whose listing is as long as the
 * host's own API user's (the unrestricted view in a run_as setup) sees every agent and gets no
 * filter; a longer list than `maxAgentFilter` cannot be sent to the indexer and is refused.
 */
import type { ApiHostRequester } from '../../managed-api/api-host-requester';
import { AlertsScopeError } from './errors';
import { readItems } from './managed-api-reads';

/** Ids per page while listing a restricted user's agents (the API accepts up to 100,000). */
const PAGE_SIZE = 10_000;

const countPath = '/agents?select=id&limit=1';

/** `undefined`: every agent; otherwise the ids the user may see. */
export async function visibleAgentIds(options: {
  asUser: ApiHostRequester;
  asHost: ApiHostRequester;
  apiHostId: string;
  maxAgentFilter: number;
}): Promise<string[] | undefined> {
  const { asUser, asHost, apiHostId, maxAgentFilter } = options;
  const [mine, all] = await Promise.all([
    readItems(asUser, apiHostId, countPath, 'the agents you may see'),
    readItems(asHost, apiHostId, countPath, 'its number of agents'),
  ]);
  if (mine.total >= all.total) return undefined;
  if (mine.total > maxAgentFilter)
    throw new AlertsScopeError(
      'agent_filter_too_large',
      `Your identity on API host [${apiHostId}] may see ${mine.total} agents, more than the ${maxAgentFilter} an alerts query can be limited to (svc.indexer.maxAgentFilter). Ask an administrator to raise it (with the indexer's index.max_terms_count) or to let your role see every agent.`,
      apiHostId,
      { visibleAgents: mine.total, limit: maxAgentFilter },
    );
  const ids: string[] = [];
  for (let offset = 0; offset < mine.total; offset += PAGE_SIZE) {
    const page = await readItems<{ id?: unknown }>(
      asUser,
      apiHostId,
      `/agents?select=id&limit=${PAGE_SIZE}&offset=${offset}&sort=%2Bid`,
      'the agents you may see',
    );
    for (const item of page.items) if (typeof item.id === 'string') ids.push(item.id);
    if (page.items.length < PAGE_SIZE) break;
  }
  return ids;
}
