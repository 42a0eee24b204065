/**
 * GET /api/v1/svc-check-updates/updates over HTTP against the managed-API simulator: field rules,
 * classification, cache, force, single-flight and every failure status.
 */
import type { AvailableUpdates, DataResponse } from '../../../plugins/check-updates/common/types';
import type { TestClient } from '../harness';
import { eventually } from '../../support/waiting';
import { API_ID, FRESH_API_ID, startUpdatesTestBed, type UpdatesTestBed } from './setup';

const UPDATES = '/api/v1/svc-check-updates/updates';

jest.setTimeout(60_000);

interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  attributes?: Record<string, unknown>;
}

let bed: UpdatesTestBed;
let admin: TestClient;

beforeAll(async () => {
  // A short upstream time-out so the time-out case ends quickly.
  bed = await startUpdatesTestBed({ config: { svc: { api: { timeoutMs: 1500 } } } });
  admin = await bed.dashboard.login();
});

afterAll(() => bed?.stop());

beforeEach(() => {
  bed.api.resetFaults();
  bed.api.setVersionCheck('all');
});

async function updates(query: Record<string, string | boolean>, client = admin) {
  return client.get(UPDATES, { query });
}

describe('GET /updates: field rules', () => {
  it.each([
    [{}, '[request query.api_id]: expected value of type [string] but got [undefined]'],
    [
      { api_id: '' },
      '[request query.api_id]: value has length [0] but it must have a minimum length of [1].',
    ],
    [
      { api_id: 'x'.repeat(257) },
      '[request query.api_id]: value has length [257] but it must have a maximum length of [256].',
    ],
    [
      { api_id: API_ID, force: 'sometimes' },
      '[request query.force]: expected value of type [boolean] but got [string]',
    ],
    [
      { api_id: API_ID, query_api: 'true' },
      '[request query.query_api]: definition for this key is missing',
    ],
  ])('answers 400 for %j', async (query, message) => {
    const response = await updates(query);
    expect(response.status).toBe(400);
    expect(response.json<ErrorBody>()).toEqual({ statusCode: 400, error: 'Bad Request', message });
  });

  it('needs a logged-in user', async () => {
    expect((await updates({ api_id: API_ID }, bed.dashboard.anonymous())).status).toBe(401);
  });

  it('answers 404 for a host that is not configured, without asking anybody', async () => {
    const before = bed.versionChecks();
    const response = await updates({ api_id: 'nope' });
    expect(response.status).toBe(404);
    expect(response.json<ErrorBody>()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'API host [nope] is not configured',
      attributes: { api_id: 'nope', code: 'api_host_not_found' },
    });
    expect(bed.versionChecks()).toBe(before);
  });
});

describe('GET /updates: available updates', () => {
  it('classifies the host releases against its version and stores the record', async () => {
    const asked = new Date();
    const response = await updates({ api_id: API_ID, force: true });
    const answered = new Date();
    expect(response.status).toBe(200);
    const { data } = response.json<DataResponse<AvailableUpdates>>();
    expect(data).toEqual({
      api_id: API_ID,
      current_version: '4.14.7',
      last_available_major: {
        version: '5.0.0',
        tag: 'v5.0.0',
        published_date: '2025-10-20T10:00:00Z',
        description: expect.stringContaining('5.0.0'),
        release_url: 'https://github.com/wazuh/wazuh/releases/tag/v5.0.0',
      },
      last_available_minor: expect.objectContaining({ version: '4.15.0', tag: 'v4.15.0' }),
      last_available_patch: expect.objectContaining({ version: '4.14.8', tag: 'v4.14.8' }),
      last_check_date: expect.any(String),
    });
    // Checked for this request: between the asking and the answer.
    const checked = new Date(data.last_check_date);
    expect(checked >= asked && checked <= answered).toBe(true);
  });

  it('answers null for the kinds of update the host does not offer', async () => {
    bed.api.setVersionCheck('patch');
    const { data } = (await updates({ api_id: API_ID, force: true })).json<
      DataResponse<AvailableUpdates>
    >();
    expect(data).toMatchObject({
      last_available_major: null,
      last_available_minor: null,
      last_available_patch: { version: '4.14.8' },
    });
    bed.api.setVersionCheck('up-to-date');
    const upToDate = (await updates({ api_id: API_ID, force: true })).json<
      DataResponse<AvailableUpdates>
    >();
    expect(upToDate.data).toMatchObject({
      current_version: '4.14.7',
      last_available_major: null,
      last_available_minor: null,
      last_available_patch: null,
    });
  });

  it('serves the stored record within the cache lifetime and asks the host again when forced', async () => {
    const first = (await updates({ api_id: API_ID, force: true })).json<
      DataResponse<AvailableUpdates>
    >();
    const checks = bed.versionChecks();
    bed.api.setVersionCheck('up-to-date');
    const cached = await updates({ api_id: API_ID });
    expect(cached.json()).toEqual(first);
    expect(bed.versionChecks()).toBe(checks);
    const forced = (await updates({ api_id: API_ID, force: 'true' })).json<
      DataResponse<AvailableUpdates>
    >();
    expect(bed.versionChecks()).toBe(checks + 1);
    expect(forced.data.last_available_major).toBeNull();
  });

  it('makes one upstream call for 200 parallel requests for a host with no stored record', async () => {
    const checks = bed.versionChecks();
    // A slow host keeps the first check in flight while the other requests arrive, so they join it.
    bed.api.faults.latencyMs = 300;
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => updates({ api_id: FRESH_API_ID })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(200).fill(200));
    expect(new Set(responses.map((response) => response.text)).size).toBe(1);
    expect(bed.versionChecks()).toBe(checks + 1);
  });
});

describe('GET /updates: failures', () => {
  let stored: DataResponse<AvailableUpdates>;

  beforeEach(async () => {
    stored = (await updates({ api_id: API_ID, force: true })).json();
  });

  afterEach(async () => {
    // The stored record is untouched by the failure: a cached read gives it back as it was.
    bed.api.resetFaults();
    const cached = await updates({ api_id: API_ID });
    expect(cached.json()).toEqual(stored);
  });

  it('answers 502 with the upstream title, detail and code when the host fails to check', async () => {
    bed.api.setVersionCheck('error');
    const response = await updates({ api_id: API_ID, force: true });
    expect(response.status).toBe(502);
    const body = response.json<ErrorBody>();
    expect(body.message).toMatch(
      /^API host \[manager-1\] failed to check for updates: HTTP 500 \(error 2100\): .*CTI/,
    );
    expect(body.attributes).toMatchObject({
      api_id: API_ID,
      code: 'upstream_error',
      upstream: { status: 500, error: 2100, detail: expect.stringContaining('CTI') },
    });
  });

  it('says clearly that update checking is disabled on the host', async () => {
    bed.api.setVersionCheck('disabled');
    const response = await updates({ api_id: API_ID, force: true });
    expect(response.status).toBe(409);
    expect(response.json<ErrorBody>()).toMatchObject({
      message: expect.stringContaining('Update checking is disabled on API host [manager-1]'),
      attributes: { code: 'update_check_disabled' },
    });
  });

  it('answers 502 when the host cannot be reached', async () => {
    bed.api.faults.refuseConnections = true;
    const response = await updates({ api_id: API_ID, force: true });
    expect(response.status).toBe(502);
    expect(response.json<ErrorBody>()).toMatchObject({
      message: expect.stringContaining('API host [manager-1]'),
      attributes: { code: 'upstream_error' },
    });
  });

  it('answers 502 when the host sends a broken body', async () => {
    bed.api.faults.malformedJson = true;
    const response = await updates({ api_id: API_ID, force: true });
    expect(response.status).toBe(502);
  });

  it('answers 504 when the host does not answer within the time-out', async () => {
    const checks = bed.versionChecks();
    bed.api.faults.latencyMs = 3000;
    const response = await updates({ api_id: API_ID, force: true });
    expect(response.status).toBe(504);
    expect(response.json<ErrorBody>()).toMatchObject({
      message: expect.stringContaining('did not answer the version check in time'),
      attributes: { code: 'upstream_timeout' },
    });
    // The simulator counts the abandoned answer when its delay ends: wait for it so later counts are exact.
    await eventually(() => bed.versionChecks() > checks);
  });
});
