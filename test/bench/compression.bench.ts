/**
 * What compressing a proxied answer (`POST /api/request`) would cost and save: CPU per answer for
 * gzip and brotli at fast levels, the bytes saved, and the time those bytes take on a 1 Gbit/s LAN,
 * for the simulator's 10-agent (about 6 kB) and 500-agent (about 300 kB) answers.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ADMIN_USER, startManagedApi } from '../../simulator';
import type { BenchResult } from './run';

export const name = 'Compression of proxied answers';

const ANSWERS = [
  { label: '10 agents', path: '/agents?limit=10' },
  { label: '500 agents', path: '/agents?limit=500' },
];
const LAN_BYTES_PER_MS = 1e9 / 8 / 1000;
/** CPU time spent per codec and answer: enough calls for a stable figure. */
const BUDGET_CPU_US = 1_000_000;

const CODECS: Array<{ label: string; compress(body: Buffer): Buffer }> = [
  { label: 'gzip level 1', compress: (body) => gzipSync(body, { level: 1 }) },
  { label: 'gzip level 6', compress: (body) => gzipSync(body, { level: 6 }) },
  {
    label: 'brotli quality 4',
    compress: (body) =>
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  },
];

export async function run(): Promise<BenchResult[]> {
  const managedApi = await startManagedApi({ port: 0, agents: 500 });
  try {
    const token = await login(managedApi.url);
    const results: BenchResult[] = [];
    for (const answer of ANSWERS) {
      const body = await fetchAnswer(managedApi.url, answer.path, token);
      results.push(measure(answer.label, body));
    }
    return results;
  } finally {
    await managedApi.stop();
  }
}

async function login(url: string): Promise<string> {
  const basic = Buffer.from(`${ADMIN_USER.username}:${ADMIN_USER.password}`).toString('base64');
  const response = await fetch(`${url}/security/user/authenticate`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}` },
  });
  const envelope = (await response.json()) as { data: { token: string } };
  return envelope.data.token;
}

async function fetchAnswer(url: string, path: string, token: string): Promise<Buffer> {
  const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return Buffer.from(await response.arrayBuffer());
}

function measure(label: string, body: Buffer): BenchResult {
  const figures: Array<[string, string]> = [['answer', `${kb(body.length)}`]];
  for (const codec of CODECS) {
    const compressed = codec.compress(body);
    const cpuUs = microsecondsPerCall(() => codec.compress(body));
    const savedUs = ((body.length - compressed.length) / LAN_BYTES_PER_MS) * 1000;
    figures.push([
      codec.label,
      `${kb(compressed.length)}, ${cpuUs.toFixed(0)} µs CPU per answer, saves ${savedUs.toFixed(0)} µs on a 1 Gbit/s LAN`,
    ]);
  }
  return { title: `Compressing a proxied answer of ${label}`, figures };
}

const WARM_UP_CALLS = 50;

/** CPU time (user and system) per call, so that other work on the machine does not count. */
function microsecondsPerCall(call: () => void): number {
  for (let warmUp = 0; warmUp < WARM_UP_CALLS; warmUp++) call();
  let calls = 0;
  const started = process.cpuUsage();
  let used = 0;
  while (used < BUDGET_CPU_US) {
    call();
    calls++;
    const { user, system } = process.cpuUsage(started);
    used = user + system;
  }
  return used / calls;
}

function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
