/** Reading the managed API's list answers for the alerts scope: `data.affected_items` or a typed failure. */
import type { ApiHostRequester } from '../../managed-api/api-host-requester';
import { MalformedApiResponseError, UpstreamRejectedError } from '../../managed-api/errors';
import { upstreamProblem } from '../../managed-api/upstream-problem';

export interface ItemsPage<T> {
  items: T[];
  total: number;
}

/** `GET path` on the host; resolves with its items and total, rejects on an error answer. */
export async function readItems<T>(
  requester: ApiHostRequester,
  apiHostId: string,
  path: string,
  what: string,
): Promise<ItemsPage<T>> {
  const answer = await requester.request<unknown>('GET', path, undefined, { apiHostId });
  if (answer.status !== 200) {
    const problem = upstreamProblem(answer);
    throw new UpstreamRejectedError(
      `API host [${apiHostId}] did not give ${what}: ${problem.detail ?? problem.title ?? `HTTP ${answer.status}`}`,
      apiHostId,
      problem,
    );
  }
  const data = (
    answer.data as { data?: { affected_items?: unknown; total_affected_items?: unknown } }
  )?.data;
  if (!Array.isArray(data?.affected_items))
    throw new MalformedApiResponseError(
      `API host [${apiHostId}] answered ${path} without a list of items (data.affected_items).`,
      apiHostId,
      { status: answer.status },
    );
  const total =
    typeof data.total_affected_items === 'number'
      ? data.total_affected_items
      : data.affected_items.length;
  return { items: data.affected_items as T[], total };
}
