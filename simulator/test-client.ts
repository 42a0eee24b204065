/**
 * A small client for the simulator, for tests and benchmarks: logs in with a built-in user and sends
 * requests with the token. Not for product code (the product has its own managed-API client).
 */
import { ADMIN_USER, type SimulatorCredentials } from './users';

export interface SimulatorResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body (undefined when it is not JSON). */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test convenience over arbitrary API payloads
}

export function basicAuth(credentials: SimulatorCredentials): string {
  return `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
}

export async function call(url: string, init: RequestInit = {}): Promise<SimulatorResponse> {
  const response = await fetch(url, init);
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Logs in and returns the token (throws when the login fails). */
export async function login(
  baseUrl: string,
  credentials: SimulatorCredentials = ADMIN_USER,
  authContext?: object,
): Promise<string> {
  const path = authContext ? '/security/user/authenticate/run_as' : '/security/user/authenticate';
  const response = await call(`${baseUrl}${path}?raw=true`, {
    method: 'POST',
    headers: {
      authorization: basicAuth(credentials),
      ...(authContext ? { 'content-type': 'application/json' } : {}),
    },
    body: authContext ? JSON.stringify(authContext) : undefined,
  });
  if (response.status !== 200)
    throw new Error(`login as ${credentials.username} failed: ${response.status} ${response.text}`);
  return response.text;
}

/**
 * Sends `method path` with the bearer token and an optional body: JSON, or a file's text sent as is
 * when `contentType` is given.
 */
export function request(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  contentType?: string,
): Promise<SimulatorResponse> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = contentType ?? 'application/json';
  return call(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined || contentType ? (body as string | undefined) : JSON.stringify(body),
  });
}
