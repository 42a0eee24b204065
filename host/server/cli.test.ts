import { startupMessage } from './cli';

const URL = 'http://127.0.0.1:5601';
const DEMO_ON =
  'Demo mode: on — built-in managed API at http://127.0.0.1:41234 stored as host "demo"';

describe('startupMessage', () => {
  it('on a first start with a generated password, names the URL, the user, the password file and the notices, between rules', () => {
    const lines = startupMessage(
      URL,
      { username: 'admin', passwordFile: '/srv/svc/data/initial-admin-password', fromEnv: false },
      [DEMO_ON],
    ).split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^-+$/),
      `The svc security dashboard is running at ${URL}`,
      'Log in as "admin" with the generated password stored in /srv/svc/data/initial-admin-password (shown only there; change it after logging in).',
      DEMO_ON,
      expect.stringMatching(/^-+$/),
    ]);
    expect(lines[0]).toBe(lines[4]);
    expect(lines[0].length).toBe(Math.max(...lines.slice(1, 4).map((line) => line.length)));
  });

  it('on a first start with SVC_ADMIN_PASSWORD, says the password came from there and names no file', () => {
    const message = startupMessage(URL, { username: 'admin', fromEnv: true });
    expect(message).toContain('Log in as "admin" with the password given in SVC_ADMIN_PASSWORD.');
    expect(message).not.toContain('initial-admin-password');
  });

  it('on a later start, says nothing about a password', () => {
    const lines = startupMessage(URL, undefined, ['Demo mode: off (SVC_DEMO=false)']).split('\n');
    expect(lines.slice(1, -1)).toEqual([
      `The svc security dashboard is running at ${URL}`,
      'Demo mode: off (SVC_DEMO=false)',
    ]);
    expect(lines.join('\n')).not.toMatch(/password/i);
  });
});
