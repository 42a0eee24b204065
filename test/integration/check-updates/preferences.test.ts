/**
 * GET/PUT /api/v1/svc-check-updates/preferences and POST /dismiss over HTTP: field rules, per-user
 * records and parallel dismissals.
 */
import type {
  DataResponse,
  DismissUpdateResponse,
  UserPreferences,
} from '../../../plugins/check-updates/common/types';
import type { TestClient } from '../harness';
import { startUpdatesTestBed, type UpdatesTestBed } from './setup';

const PREFERENCES = '/api/v1/svc-check-updates/preferences';
const DISMISS = '/api/v1/svc-check-updates/dismiss';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

jest.setTimeout(60_000);

let bed: UpdatesTestBed;
let admin: TestClient;
let alice: TestClient;

beforeAll(async () => {
  bed = await startUpdatesTestBed();
  admin = await bed.dashboard.login();
  await bed.dashboard.addUser('alice', 'alice-password-1', ['user']);
  alice = await bed.dashboard.login('alice');
});

afterAll(() => bed?.stop());

async function preferencesOf(client: TestClient): Promise<UserPreferences> {
  const response = await client.get(PREFERENCES);
  expect(response.status).toBe(200);
  return response.json<DataResponse<UserPreferences>>().data;
}

async function expectBadRequest(
  response: Promise<{ status: number; json<T>(): T }>,
  message: string,
) {
  const answer = await response;
  expect({ status: answer.status, body: answer.json() }).toEqual({
    status: 400,
    body: { statusCode: 400, error: 'Bad Request', message },
  });
}

describe('preferences', () => {
  it('gives empty defaults to a user who never dismissed anything', async () => {
    expect(await preferencesOf(alice)).toEqual({
      dismissed_updates: {},
      last_dismissed_date: null,
    });
  });

  it('need a logged-in user', async () => {
    const anonymous = bed.dashboard.anonymous();
    expect((await anonymous.get(PREFERENCES)).status).toBe(401);
    expect(
      (await anonymous.post(DISMISS, { body: { version: '5.0.0', update_type: 'major' } })).status,
    ).toBe(401);
    expect((await anonymous.put(PREFERENCES, { body: { dismissed_updates: {} } })).status).toBe(
      401,
    );
  });
});

describe('POST /dismiss', () => {
  it('stores the dismissal for the current user only and answers success', async () => {
    const response = await admin.post(DISMISS, {
      body: { version: 'v5.0.0', update_type: 'major' },
    });
    expect(response.status).toBe(200);
    expect(response.json<DismissUpdateResponse>()).toEqual({
      success: true,
      message: 'The major update 5.0.0 is dismissed for [admin]',
    });
    const preferences = await preferencesOf(admin);
    expect(preferences.dismissed_updates['5.0.0']).toEqual({
      update_type: 'major',
      dismissed_date: expect.stringMatching(ISO),
    });
    expect(preferences.last_dismissed_date).toBe(
      preferences.dismissed_updates['5.0.0'].dismissed_date,
    );
    expect((await preferencesOf(alice)).dismissed_updates['5.0.0']).toBeUndefined();
  });

  it.each([
    [
      { update_type: 'major' },
      '[request body.version]: expected value of type [string] but got [undefined]',
    ],
    [
      { version: 5, update_type: 'major' },
      '[request body.version]: expected value of type [string] but got [number]',
    ],
    [
      { version: 'latest', update_type: 'major' },
      '[request body.version]: [latest] is not a semantic version such as 4.8.2',
    ],
    [
      { version: '4.8', update_type: 'minor' },
      '[request body.version]: [4.8] is not a semantic version such as 4.8.2',
    ],
    [
      { version: `1.0.0-${'a'.repeat(64)}`, update_type: 'minor' },
      '[request body.version]: value has length [70] but it must have a maximum length of [64].',
    ],
    [
      { version: '5.0.0' },
      '[request body.update_type]: expected value of type [string] but got [undefined]',
    ],
    [
      { version: '5.0.0', update_type: 'huge' },
      '[request body.update_type]: must be one of [major, minor, patch] but got [huge]',
    ],
    [
      { version: '5.0.0', update_type: 'major', api_id: 'x' },
      '[request body.api_id]: definition for this key is missing',
    ],
  ])('answers 400 for %j', async (body, message) => {
    await expectBadRequest(admin.post(DISMISS, { body }), message);
  });

  it('refuses a request without the osd-xsrf header', async () => {
    const response = await fetch(`${bed.dashboard.url}${DISMISS}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`admin:${bed.dashboard.adminPassword}`).toString('base64')}`,
      },
      body: JSON.stringify({ version: '5.0.0', update_type: 'major' }),
    });
    expect(response.status).toBe(400);
  });

  it('loses no dismissal when one user dismisses 40 versions in parallel', async () => {
    const versions = Array.from({ length: 40 }, (_, index) => `6.${index}.0`);
    const responses = await Promise.all(
      versions.map((version) => alice.post(DISMISS, { body: { version, update_type: 'minor' } })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(40).fill(200));
    const dismissed = Object.keys((await preferencesOf(alice)).dismissed_updates);
    expect(dismissed).toEqual(expect.arrayContaining(versions));
  });
});

describe('PUT /preferences', () => {
  it('replaces the dismissed updates and answers the stored preferences', async () => {
    await alice.post(DISMISS, { body: { version: '4.14.8', update_type: 'patch' } });
    const response = await alice.put(PREFERENCES, {
      body: {
        dismissed_updates: {
          '5.0.0': { update_type: 'major', dismissed_date: '2025-01-02T03:04:05+01:00' },
          'v4.15.0': { update_type: 'minor' },
        },
      },
    });
    expect(response.status).toBe(200);
    const { data } = response.json<DataResponse<UserPreferences>>();
    expect(data).toEqual({
      dismissed_updates: {
        '5.0.0': { update_type: 'major', dismissed_date: '2025-01-02T02:04:05.000Z' },
        '4.15.0': { update_type: 'minor', dismissed_date: expect.stringMatching(ISO) },
      },
      last_dismissed_date: data.dismissed_updates['4.15.0'].dismissed_date,
    });
    expect(await preferencesOf(alice)).toEqual(data);
  });

  it('clears every dismissal with an empty map', async () => {
    const response = await alice.put(PREFERENCES, { body: { dismissed_updates: {} } });
    expect(response.json()).toEqual({ data: { dismissed_updates: {}, last_dismissed_date: null } });
  });

  it.each([
    [{}, '[request body.dismissed_updates]: expected value of type [object] but got [undefined]'],
    [
      { dismissed_updates: [] },
      '[request body.dismissed_updates]: expected value of type [object] but got [Array]',
    ],
    [
      { dismissed_updates: { latest: { update_type: 'major' } } },
      '[request body.dismissed_updates.key("latest")]: [latest] is not a semantic version such as 4.8.2',
    ],
    [
      { dismissed_updates: { '5.0.0': {} } },
      '[request body.dismissed_updates.5.0.0.update_type]: expected value of type [string] but got [undefined]',
    ],
    [
      { dismissed_updates: { '5.0.0': { update_type: 'big' } } },
      '[request body.dismissed_updates.5.0.0.update_type]: must be one of [major, minor, patch] but got [big]',
    ],
    [
      { dismissed_updates: { '5.0.0': { update_type: 'major', dismissed_date: 'yesterday' } } },
      '[request body.dismissed_updates.5.0.0.dismissed_date]: [yesterday] is not an ISO 8601 timestamp',
    ],
    [
      { dismissed_updates: { '5.0.0': { update_type: 'major', note: 'x' } } },
      '[request body.dismissed_updates.5.0.0.note]: definition for this key is missing',
    ],
    [
      { dismissed_updates: {}, last_dismissed_date: '2025-01-01T00:00:00Z' },
      '[request body.last_dismissed_date]: definition for this key is missing',
    ],
  ])('answers 400 for %j', async (body, message) => {
    await expectBadRequest(alice.put(PREFERENCES, { body }), message);
  });

  it('refuses more than 500 entries and changes nothing when it refuses', async () => {
    await alice.put(PREFERENCES, {
      body: { dismissed_updates: { '5.0.0': { update_type: 'major' } } },
    });
    const before = await preferencesOf(alice);
    const many = Object.fromEntries(
      Array.from({ length: 501 }, (_, index) => [`1.0.${index}`, { update_type: 'patch' }]),
    );
    const answer = await alice.put(PREFERENCES, { body: { dismissed_updates: many } });
    expect({ status: answer.status, body: answer.json() }).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: '[request body.dismissed_updates]: at most 500 dismissed updates can be stored',
        attributes: { code: 'too_many_dismissals' },
      },
    });
    expect(await preferencesOf(alice)).toEqual(before);
  });
});
