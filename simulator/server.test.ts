import { spawn } from 'node:child_process';
import { get as httpsGet } from 'node:https';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type SimulatorResponse, call, login, request } from './test-client';
import { type ManagedApi, startManagedApi } from './index';
import { ADMIN_USER } from './users';

// Servers and child processes start slowly on a loaded machine.
jest.setTimeout(30_000);

describe('managed-API simulator core', () => {
  let api: ManagedApi;
  let token: string;

  beforeAll(async () => {
    api = await startManagedApi({ agents: 20 });
    token = await login(api.url, ADMIN_USER);
  });
  afterAll(() => api.stop());

  const get = (path: string): Promise<SimulatorResponse> => request(api.url, token, 'GET', path);

  it('lists agent 000 and the generated agents in the affected-items envelope', async () => {
    const response = await get('/agents?limit=5');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.json).toMatchObject({
      data: { total_affected_items: 21, total_failed_items: 0, failed_items: [] },
      message: 'All selected agents information was returned',
      error: 0,
    });
    expect(response.json.data.affected_items.map((agent: { id: string }) => agent.id)).toEqual([
      '000',
      '001',
      '002',
      '003',
      '004',
    ]);
    expect(response.json.data.affected_items[0]).toMatchObject({
      name: 'wazuh.manager',
      ip: '127.0.0.1',
      status: 'active',
      lastKeepAlive: '9999-12-31T23:59:59+00:00',
    });
  });

  it('generates the same agents for the same seed', async () => {
    const other = await startManagedApi({ agents: 20 });
    try {
      const otherToken = await login(other.url);
      const mine = await get('/agents?select=name,ip,status,os.platform,group');
      const theirs = await request(
        other.url,
        otherToken,
        'GET',
        '/agents?select=name,ip,status,os.platform,group',
      );
      expect(theirs.json.data.affected_items).toEqual(mine.json.data.affected_items);
    } finally {
      await other.stop();
    }
  });

  it('answers unknown routes, wrong methods and unknown parameters like the API', async () => {
    expect((await get('/nowhere')).json).toEqual({ title: 'Not Found', detail: '404: Not Found' });
    expect((await get('/agents/001/restart')).status).toBe(405);
    const extra = await get('/agents?foo=1&bar=2');
    expect(extra.status).toBe(400);
    expect(extra.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(extra.json).toEqual({
      title: 'Bad Request',
      detail: 'Extra query parameter(s) foo, bar not in spec',
    });
  });

  it('requires a token on API routes', async () => {
    const response = await call(`${api.url}/agents`);
    expect(response.status).toBe(401);
    expect(response.json).toEqual({
      title: 'Unauthorized',
      detail: 'No authorization token provided',
    });
  });

  it('indents with three spaces for pretty=true', async () => {
    const response = await get('/?pretty=true');
    expect(response.text.split('\n')[1]).toMatch(/^ {3}"data"/);
  });
});

describe('managed-API simulator transports', () => {
  it('serves HTTPS with a generated self-signed certificate', async () => {
    const api = await startManagedApi({ agents: 1, https: true });
    try {
      expect(api.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const body = await new Promise<string>((resolve, reject) => {
        httpsGet(`${api.url}/`, { ca: api.certificate }, (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve(`${response.statusCode} ${text}`));
        }).on('error', reject);
      });
      expect(body).toBe('401 {"title":"Unauthorized","detail":"No authorization token provided"}');
    } finally {
      await api.stop();
    }
  });

  it('runs from the command line and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(__dirname, 'cli.ts'),
        '--port',
        '0',
        '--agents',
        '3',
        '--requests-per-minute',
        '0',
      ],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`cli exited with ${code}`)));
        createInterface({ input: child.stdout! }).on('line', (line) => {
          const match = /listening on (\S+)/.exec(line);
          if (match) resolve(match[1]);
        });
      });
      const token = await login(url);
      expect((await request(url, token, 'GET', '/agents')).json.data.total_affected_items).toBe(4);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });
});
