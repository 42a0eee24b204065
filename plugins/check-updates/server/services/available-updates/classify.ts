import diff from 'semver/functions/diff';
import gt from 'semver/functions/gt';
import parse from 'semver/functions/parse';
import type SemVer from 'semver/classes/semver';
import type { Update, UpdateType } from '../../../common/types';
import type { UpstreamRelease } from './version-check-client';

export type ClassifiedUpdates = Record<UpdateType, Update | null>;

/** Builds the release-notes URL of a version when the API host does not give one. */
export type ReleaseNotesUrl = (version: SemVer) => string;

/** Fills `{version}`, `{major}`, `{minor}` and `{patch}` of a URL template. */
export function releaseNotesUrlFromTemplate(template: string): ReleaseNotesUrl {
  return (version) =>
    template
      .replaceAll('{version}', version.version)
      .replaceAll('{major}', String(version.major))
      .replaceAll('{minor}', String(version.minor))
      .replaceAll('{patch}', String(version.patch));
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function isHttpUrl(value: unknown): value is string {
  return typeof value === 'string' && /^https?:\/\/\S+$/i.test(value);
}

/** The release's version, from its tag (`v4.8.2`) or else its `semver` numbers. */
function releaseVersion(release: UpstreamRelease): SemVer | null {
  const fromTag = typeof release.tag === 'string' ? parse(release.tag.trim()) : null;
  if (fromTag) return fromTag;
  const numbers = release.semver as
    { major?: unknown; minor?: unknown; patch?: unknown } | undefined;
  if (!numbers || typeof numbers !== 'object') return null;
  return parse(`${String(numbers.major)}.${String(numbers.minor)}.${String(numbers.patch)}`);
}

/** Which kind of update going from `current` to `candidate` is; prerelease steps count as their release kind. */
function updateType(current: string, candidate: SemVer): UpdateType | null {
  switch (diff(current, candidate)) {
    case 'major':
    case 'premajor':
      return 'major';
    case 'minor':
    case 'preminor':
      return 'minor';
    case 'patch':
    case 'prepatch':
    case 'prerelease':
      return 'patch';
    default:
      return null;
  }
}

function toUpdate(
  release: UpstreamRelease,
  version: SemVer,
  releaseNotesUrl: ReleaseNotesUrl,
): Update {
  return {
    version: version.version,
    published_date: text(release.published_date),
    tag: text(release.tag) || `v${version.version}`,
    description: text(release.description),
    release_url:
      [release.release_url, release.html_url].find(isHttpUrl) ?? releaseNotesUrl(version),
  };
}

/**
 * The newest stable release of each kind that is newer than `currentVersion`. The host's own
 * major/minor/patch labels are not trusted: each release is placed by comparing it with the running
 * version (4.8.0 with 4.8.2, 4.9.1 and 5.0.0 → patch 4.8.2, minor 4.9.1, major 5.0.0).
 * Prereleases are left out: notices are about versions meant for production.
 */
export function classifyUpdates(
  currentVersion: string,
  releases: UpstreamRelease[],
  releaseNotesUrl: ReleaseNotesUrl,
): ClassifiedUpdates {
  const newest: Partial<Record<UpdateType, { release: UpstreamRelease; version: SemVer }>> = {};
  for (const release of releases) {
    const version = releaseVersion(release);
    if (!version || version.prerelease.length > 0 || !gt(version, currentVersion)) continue;
    const type = updateType(currentVersion, version);
    const known = type && newest[type];
    if (type && (!known || gt(version, known.version))) newest[type] = { release, version };
  }
  const update = (type: UpdateType): Update | null => {
    const found = newest[type];
    return found ? toUpdate(found.release, found.version, releaseNotesUrl) : null;
  };
  return { major: update('major'), minor: update('minor'), patch: update('patch') };
}
