import { classifyUpdates, releaseNotesUrlFromTemplate } from './classify';

const notes = releaseNotesUrlFromTemplate(
  'https://docs.example.org/release-{major}-{minor}-{patch}.html?v={version}',
);

function release(tag: string, extra: Record<string, unknown> = {}) {
  return {
    tag,
    title: `Release ${tag}`,
    description: `Highlights of ${tag}`,
    published_date: '2025-02-20T10:00:00Z',
    ...extra,
  };
}

describe('classifyUpdates', () => {
  it('places each newer release by comparing it with the running version', () => {
    const updates = classifyUpdates(
      '4.8.0',
      [release('v5.0.0'), release('v4.9.1'), release('v4.8.2')],
      notes,
    );
    expect(updates.major?.version).toBe('5.0.0');
    expect(updates.minor?.version).toBe('4.9.1');
    expect(updates.patch?.version).toBe('4.8.2');
  });

  it('ignores the labels the host gave and keeps the newest release of each kind', () => {
    // The host listed 4.8.3 as "major" and 4.8.2 as "patch": both are patches of 4.8.0, and 4.8.3 is the newer.
    const updates = classifyUpdates('4.8.0', [release('v4.8.3'), release('v4.8.2')], notes);
    expect(updates).toEqual({
      major: null,
      minor: null,
      patch: expect.objectContaining({ version: '4.8.3', tag: 'v4.8.3' }),
    });
  });

  it('leaves out releases that are not newer and prereleases', () => {
    const updates = classifyUpdates(
      '4.8.0',
      [release('v4.8.0'), release('v4.7.9'), release('v5.0.0-rc.1')],
      notes,
    );
    expect(updates).toEqual({ major: null, minor: null, patch: null });
  });

  it('reads the version from the semver numbers when the tag is missing or not a version', () => {
    const updates = classifyUpdates(
      '4.8.0',
      [
        { tag: 'latest', semver: { major: 4, minor: 10, patch: 0 } },
        { semver: { major: 6, minor: 1, patch: 2 } },
      ],
      notes,
    );
    expect(updates.minor).toMatchObject({ version: '4.10.0', tag: 'latest' });
    expect(updates.major).toMatchObject({
      version: '6.1.2',
      tag: 'v6.1.2',
      description: '',
      published_date: '',
    });
  });

  it('skips entries that carry no version at all', () => {
    expect(
      classifyUpdates('4.8.0', [{}, { tag: 'nightly' }, { semver: { major: 'x' } }], notes),
    ).toEqual({ major: null, minor: null, patch: null });
  });

  it('keeps the fields of the record and uses the host release URL when it is an http(s) URL', () => {
    const updates = classifyUpdates(
      '4.8.0',
      [
        release('v5.0.0', { release_url: 'https://releases.example.org/5.0.0' }),
        release('v4.9.0', { release_url: 'javascript:alert(1)' }),
      ],
      notes,
    );
    expect(updates.major).toEqual({
      version: '5.0.0',
      published_date: '2025-02-20T10:00:00Z',
      tag: 'v5.0.0',
      description: 'Highlights of v5.0.0',
      release_url: 'https://releases.example.org/5.0.0',
    });
    expect(updates.minor?.release_url).toBe('https://docs.example.org/release-4-9-0.html?v=4.9.0');
  });

  it('falls back to the release page the feed names (html_url)', () => {
    const updates = classifyUpdates(
      '4.14.7',
      [release('v4.14.8', { html_url: 'https://code.example.org/releases/tag/v4.14.8' })],
      notes,
    );
    expect(updates.patch?.release_url).toBe('https://code.example.org/releases/tag/v4.14.8');
  });
});
