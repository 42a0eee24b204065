/**
 * What `GET /manager/version/check` answers, by mode. The API caches the last answer of its update
 * service; the simulator lets tests choose that answer.
 */
import { codedProblem } from '../http/problem';

export type VersionCheckMode =
  /** Update check on, no newer release. */
  | 'up-to-date'
  | 'major'
  | 'minor'
  | 'patch'
  /** A newer major, minor and patch release at once. */
  | 'all'
  /** `<update_check>no</update_check>` on the manager. */
  | 'disabled'
  /** The update service could not be reached: 500 code 2100. */
  | 'error';

export const VERSION_CHECK_MODES: readonly VersionCheckMode[] = ['up-to-date', 'major', 'minor', 'patch', 'all', 'disabled', 'error'];

export const CURRENT_VERSION = 'v4.14.7';
export const INSTALLATION_UUID = '6f1d2c3b-8a9e-4f70-b1c2-d3e4f5a6b7c8';

interface ReleaseInfo {
  tag: string;
  description: string;
  title: string;
  published_date: string;
  semver: { major: number; minor: number; patch: number };
  html_url: string;
}

function release(major: number, minor: number, patch: number, published: string): ReleaseInfo {
  const version = `${major}.${minor}.${patch}`;
  return {
    tag: `v${version}`,
    description: `Wazuh ${version} release with fixes and improvements.`,
    title: `Wazuh ${version}`,
    published_date: published,
    semver: { major, minor, patch },
    html_url: `https://github.com/wazuh/wazuh/releases/tag/v${version}`,
  };
}

const AVAILABLE_RELEASES = {
  major: release(5, 0, 0, '2025-10-20T10:00:00Z'),
  minor: release(4, 15, 0, '2025-09-15T10:00:00Z'),
  patch: release(4, 14, 8, '2025-08-28T10:00:00Z'),
};

function isoMicros(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00');
}

/** The response data for a mode, or throws the 2100 problem in `error` mode. */
export function versionCheckData(mode: VersionCheckMode, checkedAtMs: number): Record<string, unknown> {
  if (mode === 'error') {
    throw codedProblem(2100, { extra: 'Cannot connect to host cti.wazuh.com:443 ssl:default [Name or service not known]' });
  }
  const enabled = mode !== 'disabled';
  const offered = (kind: 'major' | 'minor' | 'patch') => (mode === kind || mode === 'all' ? AVAILABLE_RELEASES[kind] : {});
  return {
    uuid: INSTALLATION_UUID,
    last_check_date: enabled ? isoMicros(checkedAtMs) : '',
    current_version: CURRENT_VERSION,
    update_check: enabled,
    last_available_major: offered('major'),
    last_available_minor: offered('minor'),
    last_available_patch: offered('patch'),
  };
}
