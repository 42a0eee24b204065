/**
 * Helpers for the stand-in's own tests and for alerts tests that drive it over HTTP: an
 * authenticated call and a deterministic set of alert-shaped documents.
 */
import type { IndexerStandIn } from './server';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown> & { error?: Record<string, unknown> };
}

const ADMIN = `Basic ${Buffer.from('admin:admin').toString('base64')}`;

/** Calls the stand-in (as admin unless `authorization` says otherwise); objects go as JSON. */
export async function call(
  standIn: Pick<IndexerStandIn, 'url'>,
  method: string,
  path: string,
  body?: unknown,
  authorization: string | null = ADMIN,
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (authorization) headers.authorization = authorization;
  let payload: string | undefined;
  if (body !== undefined) {
    payload = typeof body === 'string' ? body : JSON.stringify(body);
    headers['content-type'] =
      typeof body === 'string' ? 'application/x-ndjson' : 'application/json';
  }
  const response = await fetch(`${standIn.url}${path}`, { method, headers, body: payload });
  const text = await response.text();
  let json: Answer['json'];
  try {
    json = text ? (JSON.parse(text) as Answer['json']) : {};
  } catch {
    json = {};
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** NDJSON from lines of objects, newline-terminated as bulk and msearch require. */
export function ndjson(lines: unknown[]): string {
  return `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
}

const AGENTS = [
  { id: '001', name: 'web-01' },
  { id: '002', name: 'db-01' },
  { id: '003', name: 'mail-01' },
  { id: '004', name: 'dc-01' },
];

/**
 * `count` alerts one minute apart ending at `end`, cycling deterministically through agents, levels
 * 0–15 and rule groups, for manager `wazuh-manager` (every 10th for `other-manager`).
 */
export function alerts(count: number, end: number, index = 'wazuh-alerts-4.x-2026.01.01') {
  return Array.from({ length: count }, (_, at) => {
    const agent = AGENTS[at % AGENTS.length];
    const level = at % 16;
    return {
      index,
      id: `alert-${at}`,
      source: {
        timestamp: new Date(end - at * 60_000).toISOString(),
        id: `${Math.floor((end - at * 60_000) / 1000)}.${at}`,
        agent: { id: agent.id, name: agent.name, ip: `10.0.0.${at % AGENTS.length}` },
        manager: { name: at % 10 === 9 ? 'other-manager' : 'wazuh-manager' },
        rule: {
          id: String(5700 + (at % 7)),
          level,
          description:
            at % 3 === 0
              ? 'sshd: authentication failed.'
              : at % 3 === 1
                ? 'Integrity checksum changed.'
                : 'PAM: Login session opened.',
          groups:
            at % 3 === 0
              ? ['syslog', 'sshd', 'authentication_failed']
              : at % 3 === 1
                ? ['ossec', 'syscheck']
                : ['pam', 'authentication_success'],
          firedtimes: at % 5,
          ...(at % 4 === 0
            ? {
                mitre: { id: ['T1110'], technique: ['Brute Force'], tactic: ['Credential Access'] },
              }
            : {}),
        },
        location: at % 3 === 1 ? 'syscheck' : '/var/log/auth.log',
      },
    };
  });
}
