/** Warnings the host shows about how the dashboard is reached (plugins may hide them, see `setSecurityWarningsVisible`). */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function hostSecurityWarnings(location: Pick<Location, 'protocol' | 'hostname'>): string[] {
  const warnings: string[] = [];
  if (location.protocol === 'http:' && !LOOPBACK_HOSTS.has(location.hostname)) {
    warnings.push(
      'This dashboard is served over plain HTTP: passwords and session cookies cross the network unencrypted. Serve it over HTTPS, for example behind a TLS-terminating proxy.',
    );
  }
  return warnings;
}
