/** The indexer jobs' view of simulators, for their tests and benchmarks. */
import { login, request } from '@simulator/test-client';
import type { ApiHostRequester } from '../managed-api/api-host-requester';

/** The dashboard's identity on each simulator (by API host id → URL), as the managed-API service gives it. */
export function simulatorRequester(urls: Record<string, string>): ApiHostRequester {
  const tokens = new Map<string, Promise<string>>();
  return {
    async request(method, path, _body, { apiHostId }) {
      const url = urls[apiHostId];
      if (!url) throw new Error(`API host [${apiHostId}] is not stored.`);
      if (!tokens.has(apiHostId)) tokens.set(apiHostId, login(url));
      const answer = await request(url, await tokens.get(apiHostId)!, method, path);
      return { status: answer.status, headers: {}, data: answer.json as never };
    },
  };
}
