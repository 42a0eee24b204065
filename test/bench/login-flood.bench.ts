/**
 * A real user's login while strangers flood the dashboard with wrong `Authorization: Basic` passwords.
 * The dashboard runs in its own process, behind a trusted proxy (`SVC_TRUST_PROXY=loopback`), so each
 * request names its client in `X-Forwarded-For`. `LOGIN_FLOOD_LOGINS` form logins of `admin` from a
 * clean address are timed alone, then during each of two floods of `FLOOD_CONNECTIONS` parallel
 * wrong-password Basic requests (each sent again as soon as it is answered):
 * - one client guessing `admin`'s password (throttled per client and name);
 * - a spray from a new address and a new user name each time (nothing to throttle: every request
 *   costs a password check, so only the bound on checks at once protects the real login);
 * - one address spraying a new user name each time, while real users log in for the first time,
 *   each from an address of its own (so none is known and none is served ahead of the flood): the
 *   address's share of the password checks refuses the spray with 429 before hashing.
 * Targets: the known user's login p95 stays under a second during the first two floods; the
 * first-time logins' p95 under 1.5 s during the one-address spray; no real login refused.
 */
import { performance } from 'node:perf_hooks';
import { spawnDashboard, type ChildDashboard } from '../integration/main/processes';
import type { BenchResult } from './run';

export const name = 'Security: a real login during a flood of wrong Basic passwords';

const LOGINS = Number(process.env.LOGIN_FLOOD_LOGINS ?? 30);
const FLOOD_CONNECTIONS = 30;
const WARM_UP_LOGINS = 3;
const TARGET_P95_MS = 1_000;
const FIRST_TIME_TARGET_P95_MS = 1_500;
const REAL_USER_ADDRESS = '198.51.100.1';

interface Flood {
  stop(): Promise<Map<number | string, number>>;
}

interface Logins {
  durations: number[];
  refused: Map<number, number>;
}

function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** `FLOOD_CONNECTIONS` loops of wrong Basic requests; `from(n)` names the n-th request's client and user. */
function startFlood(
  dashboard: ChildDashboard,
  from: (index: number) => { address: string; username: string },
): Flood {
  const statuses = new Map<number | string, number>();
  const count = (status: number | string): void => {
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  };
  let stopped = false;
  let sent = 0;
  const loop = async (): Promise<void> => {
    while (!stopped) {
      const { address, username } = from(sent++);
      try {
        const response = await fetch(`${dashboard.url}/api/v1/auth/authinfo`, {
          headers: {
            'x-forwarded-for': address,
            authorization: basic(username, 'wrong-password'),
          },
        });
        await response.arrayBuffer();
        count(response.status);
      } catch {
        count('network error');
      }
    }
  };
  const loops = Array.from({ length: FLOOD_CONNECTIONS }, loop);
  return {
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return statuses;
    },
  };
}

/** `logins` form logins of admin, one after another, the n-th from `addressOf(n)`. */
async function timeLogins(
  dashboard: ChildDashboard,
  logins: number,
  addressOf: (index: number) => string = () => REAL_USER_ADDRESS,
): Promise<Logins> {
  const durations: number[] = [];
  const refused = new Map<number, number>();
  for (let index = 0; index < logins; index += 1) {
    const started = performance.now();
    const response = await fetch(`${dashboard.url}/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'osd-xsrf': 'bench',
        'x-forwarded-for': addressOf(index),
      },
      body: JSON.stringify({ username: 'admin', password: dashboard.adminPassword }),
    });
    await response.arrayBuffer();
    durations.push(performance.now() - started);
    if (response.status !== 200)
      refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
  }
  return { durations, refused };
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
}

const ms = (value: number): string => `${value.toFixed(0)} ms`;

function described(counts: Map<number | string, number>): string {
  const total = [...counts.values()].reduce((sum, value) => sum + value, 0);
  const parts = [...counts.entries()]
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
    .map(([status, value]) => `${value}× ${status}`);
  return `${total} requests: ${parts.join(', ') || 'none'}`;
}

interface FloodCase {
  title: string;
  from: (index: number) => { address: string; username: string };
  /** The timed logins' addresses; the known user's own by default. */
  loginAddress?: (index: number) => string;
  targetP95Ms: number;
}

async function duringFlood(
  dashboard: ChildDashboard,
  alone: Logins,
  { title, from, loginAddress, targetP95Ms }: FloodCase,
): Promise<BenchResult> {
  const flood = startFlood(dashboard, from);
  const started = performance.now();
  const flooded = await timeLogins(dashboard, LOGINS, loginAddress);
  const seconds = (performance.now() - started) / 1000;
  const statuses = await flood.stop();
  const p95 = percentile(flooded.durations, 0.95);
  const ratio = percentile(flooded.durations, 0.5) / percentile(alone.durations, 0.5);
  return {
    title: `${title}: ${LOGINS} logins of admin alone, then during ${FLOOD_CONNECTIONS} parallel wrong Basic requests`,
    figures: [
      [
        'real login alone, median / p95',
        `${ms(percentile(alone.durations, 0.5))} / ${ms(percentile(alone.durations, 0.95))}`,
      ],
      [
        'real login during the flood, median / p95',
        `${ms(percentile(flooded.durations, 0.5))} / ${ms(p95)}`,
      ],
      ['during ÷ alone, median', ratio.toFixed(1)],
      ['real logins refused during the flood', described(flooded.refused)],
      [`flood answers in ${seconds.toFixed(1)} s`, described(statuses)],
      ['note', 'the flood and the timed logins share one client process'],
    ],
    target: {
      text: `real login p95 < ${targetP95Ms} ms during the flood, none refused`,
      met: p95 < targetP95Ms && flooded.refused.size === 0,
    },
  };
}

export async function run(): Promise<BenchResult[]> {
  const dashboard = await spawnDashboard({}, { env: { SVC_TRUST_PROXY: 'loopback' } });
  try {
    await timeLogins(dashboard, WARM_UP_LOGINS);
    const alone = await timeLogins(dashboard, LOGINS);
    const oneGuesser = await duringFlood(dashboard, alone, {
      title: 'One client guessing',
      from: () => ({ address: '203.0.113.66', username: 'admin' }),
      targetP95Ms: TARGET_P95_MS,
    });
    const spray = await duringFlood(dashboard, alone, {
      title: 'A spray from new addresses',
      from: (index) => ({
        address: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
        username: `user-${index}`,
      }),
      targetP95Ms: TARGET_P95_MS,
    });
    const oneAddress = await duringFlood(dashboard, alone, {
      title: 'One address spraying user names, first-time logins from elsewhere',
      from: (index) => ({ address: '203.0.113.77', username: `sprayed-${index}` }),
      loginAddress: (index) => `198.51.101.${index % 250}`,
      targetP95Ms: FIRST_TIME_TARGET_P95_MS,
    });
    return [oneGuesser, spray, oneAddress];
  } finally {
    await dashboard.stop();
  }
}
