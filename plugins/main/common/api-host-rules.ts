/**
 * What makes an API host entry valid. Used by the server's route and config schemas and by the
 * browser's host form, so both say the same thing. Each check returns a problem in words, or
 * undefined when the value is fine.
 */

/** Letters, digits, `_`, `.`, `-`; starts with a letter or digit; at most 64 characters. */
const API_HOST_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const API_HOST_USERNAME_MAX_LENGTH = 256;
const API_HOST_PASSWORD_MAX_LENGTH = 1024;
const API_HOST_URL_MAX_LENGTH = 2048;
const API_HOST_CA_FILE_MAX_LENGTH = 4096;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export function apiHostIdProblem(id: string): string | undefined {
  if (!API_HOST_ID_PATTERN.test(id))
    return 'must be 1 to 64 letters, digits, "_", "." or "-", starting with a letter or digit';
  return undefined;
}

/** `https://manager.example.org`: scheme and host name only; the port has its own field. */
export function hostUrlProblem(url: string): string | undefined {
  if (url.length > API_HOST_URL_MAX_LENGTH)
    return `must be at most ${API_HOST_URL_MAX_LENGTH} characters`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute URL such as https://manager.example.org';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return 'must use the http or https scheme';
  if (parsed.username || parsed.password || url.includes('@'))
    return 'must not contain credentials; use the username and password fields';
  if (parsed.port || /^[a-z]+:\/\/[^/]*:\d*$/i.test(url.replace(/\/$/, '')))
    return 'must not contain a port; use the port field';
  if (parsed.pathname !== '/' || parsed.search || parsed.hash || /[?#]/.test(url))
    return 'must not contain a path, query or fragment';
  if (!parsed.hostname) return 'must name a host';
  return undefined;
}

/** The canonical form stored: lower-case scheme and host, no trailing slash. */
export function normalizeHostUrl(url: string): string {
  return new URL(url).origin;
}

export function portProblem(port: number): string | undefined {
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    return 'must be an integer between 1 and 65535';
  return undefined;
}

export function usernameProblem(username: string): string | undefined {
  if (username.length === 0) return 'must not be empty';
  if (username.length > API_HOST_USERNAME_MAX_LENGTH)
    return `must be at most ${API_HOST_USERNAME_MAX_LENGTH} characters`;
  // A colon would end the user name early in the Basic credentials the API host receives.
  if (username.includes(':') || CONTROL.test(username))
    return 'must not contain ":" or control characters';
  return undefined;
}

export function passwordProblem(password: string): string | undefined {
  if (password.length === 0) return 'must not be empty';
  if (password.length > API_HOST_PASSWORD_MAX_LENGTH)
    return `must be at most ${API_HOST_PASSWORD_MAX_LENGTH} characters`;
  if (CONTROL.test(password)) return 'must not contain control characters';
  return undefined;
}

export function caFileProblem(path: string): string | undefined {
  if (path.length > API_HOST_CA_FILE_MAX_LENGTH)
    return `must be at most ${API_HOST_CA_FILE_MAX_LENGTH} characters`;
  if (!path.startsWith('/'))
    return 'must be an absolute path to a PEM file on the dashboard server';
  if (CONTROL.test(path)) return 'must not contain control characters';
  return undefined;
}
