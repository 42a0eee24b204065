/** The sample-data routes: which categories are installed, and adding or removing one (admins). */
import type { HttpStart } from '@host/public/types';
import {
  ALERTS_ROUTES,
  type SampleDataCategory,
  type SampleDataStatus,
} from '../../../common/alerts/api';

function categoryRoute(category: SampleDataCategory): string {
  return `${ALERTS_ROUTES.sampleData}/${encodeURIComponent(category)}`;
}

export async function listSampleData(
  http: HttpStart,
  signal: AbortSignal,
): Promise<SampleDataStatus[]> {
  const answer = await http.get<{ categories: SampleDataStatus[] }>(ALERTS_ROUTES.sampleData, {
    signal,
  });
  return answer.categories;
}

/** Sample alerts carry the manager of `apiHostId`, so that host's alert views show them. */
export function addSampleData(
  http: HttpStart,
  category: SampleDataCategory,
  apiHostId: string,
): Promise<SampleDataStatus> {
  return http.post<SampleDataStatus>(categoryRoute(category), {
    body: JSON.stringify({ apiHostId }),
  });
}

export function removeSampleData(
  http: HttpStart,
  category: SampleDataCategory,
): Promise<SampleDataStatus> {
  return http.delete<SampleDataStatus>(categoryRoute(category));
}
