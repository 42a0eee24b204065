/** The standard list parameters of a validated query. */
import type { ParsedParams } from '../http/params';
import type { ListParams } from '../query/list-query';

export function listParams(query: ParsedParams): ListParams {
  return {
    offset: query.offset as number,
    limit: query.limit as number,
    sort: query.sort as string | undefined,
    search: query.search as string | undefined,
    select: query.select as string[] | undefined,
    q: query.q as string | undefined,
    distinct: query.distinct as boolean | undefined,
  };
}
