/**
 * Whether each API host runs a managed-API version this dashboard is built for: the same major and
 * minor by default, as the original checks the API against its own version; an App setting relaxes
 * it to the major only, or turns it off.
 */
import type { ApiHostCheck } from '../../../common/api-host-check';
import { MANAGED_API_BUILT_FOR } from '../../../common/health';
import type { HealthCheck, HealthCheckOptions } from './health-checks';

export type ApiVersionMatch = 'minor' | 'major' | 'none';

/** The hosts' checks of one health-check run (read once for all the checks that need them). */
export type HostChecksOfRun = (options: HealthCheckOptions) => Promise<ApiHostCheck[]>;

function parts(version: string): number[] | undefined {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(version);
  return match ? match.slice(1).map(Number) : undefined;
}

/** Undefined when `version` matches `builtFor` as far as `match` asks; else why not. */
export function versionMismatch(
  version: string,
  builtFor: string,
  match: ApiVersionMatch,
): string | undefined {
  if (match === 'none') return undefined;
  const [have, want] = [parts(version), parts(builtFor)];
  if (!have || !want) return `version [${version}] cannot be read`;
  const same = match === 'major' ? have[0] === want[0] : have[0] === want[0] && have[1] === want[1];
  const wanted = match === 'major' ? `${want[0]}.x` : `${want[0]}.${want[1]}.x`;
  return same ? undefined : `runs ${version}, the dashboard needs ${wanted}`;
}

export function apiVersionHealthCheck(
  hostChecks: HostChecksOfRun,
  match: () => ApiVersionMatch,
): HealthCheck {
  return {
    id: 'api-version',
    title: 'Managed API version',
    async run(options) {
      const rule = match();
      const known = (await hostChecks(options)).filter(
        (check): check is ApiHostCheck & { api_version: string } => check.api_version !== undefined,
      );
      const details = {
        builtFor: MANAGED_API_BUILT_FOR,
        match: rule,
        hosts: known.map((check) => ({ id: check.id, version: check.api_version })),
      };
      if (known.length === 0)
        return {
          state: 'yellow',
          message: 'No API host answered with its version yet.',
          fix: 'Add an API host, or fix the Managed API hosts check first.',
          details,
        };
      const mismatches = known.flatMap((check) => {
        const why = versionMismatch(check.api_version, MANAGED_API_BUILT_FOR, rule);
        return why ? [`${check.id ?? 'host'} ${why}`] : [];
      });
      if (mismatches.length === 0)
        return {
          state: 'green',
          message:
            rule === 'none'
              ? 'The version check is turned off (App settings → Health check).'
              : `Every API host runs a version the dashboard is built for (${MANAGED_API_BUILT_FOR}).`,
          details,
        };
      return {
        state: 'red',
        message: `API version mismatch: ${mismatches.join('; ')}.`,
        fix: `Upgrade the manager (or the dashboard) so that both are ${MANAGED_API_BUILT_FOR.replace(/\.\d+$/, '')}, or relax "API version compatibility" in App settings.`,
        details,
      };
    },
  };
}
