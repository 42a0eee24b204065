/** The nodes as shown to users and logs: the URL without credentials, path or trailing slash. */
export function publicHostUrl(url: string): string {
  const parsed = new URL(url);
  const path = parsed.pathname === '/' ? '' : parsed.pathname.replace(/\/$/, '');
  return `${parsed.protocol}//${parsed.host}${path}`;
}
