/** What several benchmarks measure or start alike: the simulator as a host, sizes, a CSV export's target. */
import { RUN_AS_USER } from '../../simulator/users';
import type { BenchResult } from './run';

/** Megabytes with one decimal, as every CSV figure prints them. */
export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The dashboard's host entry for a simulator on `port`, as the run-as user. */
export function simulatorHost(id: string, port: number) {
  return {
    id,
    url: 'http://127.0.0.1',
    port,
    // Not `wazuh`/`wazuh`: answers are scrubbed of the host's password, and `wazuh` is part of
    // the manager's name (`wazuh.manager`), which the alerts pin reads.
    username: RUN_AS_USER.username,
    password: RUN_AS_USER.password,
  };
}

export interface CsvExportTargets {
  rowsPerSecond: number;
  firstByteMs: number;
  rssGrowthBytes: number;
}

/** Met when the whole file came, fast enough, soon enough, without the dashboard growing past the cap. */
export function csvExportTarget(
  targets: CsvExportTargets,
  measured: { whole: boolean; rowsPerSecond: number; firstByteMs: number; growth: number },
): NonNullable<BenchResult['target']> {
  return {
    text: `whole file, ≥ ${targets.rowsPerSecond.toLocaleString('en')} rows/s, first byte ≤ ${targets.firstByteMs} ms, RSS growth ≤ ${mb(targets.rssGrowthBytes)}`,
    met:
      measured.whole &&
      measured.rowsPerSecond >= targets.rowsPerSecond &&
      measured.firstByteMs <= targets.firstByteMs &&
      measured.growth <= targets.rssGrowthBytes,
  };
}
