import { REDACTION_CENSOR, redactSecretParameters, redactSecrets, SECRET_KEYS } from './redaction';

describe('redactSecrets', () => {
  it('covers passwords, tokens, cookies, secrets and authorization headers', () => {
    expect(SECRET_KEYS).toEqual(
      expect.arrayContaining([
        'password',
        'token',
        'authorization',
        'cookie',
        'set-cookie',
        'secret',
      ]),
    );
  });

  it('censors secret keys at any depth and in arrays, ignoring case', () => {
    expect(
      redactSecrets({
        Password: 'a',
        hosts: [{ id: 'h', PASSWORD: 'b' }],
        deep: { a: { b: { c: { d: { e: { f: { Set_Cookie: 'kept', 'Set-Cookie': 'c' } } } } } } },
      }),
    ).toEqual({
      Password: REDACTION_CENSOR,
      hosts: [{ id: 'h', PASSWORD: REDACTION_CENSOR }],
      deep: {
        a: {
          b: { c: { d: { e: { f: { Set_Cookie: 'kept', 'Set-Cookie': REDACTION_CENSOR } } } } },
        },
      },
    });
  });

  it('never modifies its input and returns it as is when nothing is secret', () => {
    const input = { user: { name: 'admin', token: 't' }, list: [1, 2] };
    const output = redactSecrets(input);
    expect(input.user.token).toBe('t');
    expect(output.list).toBe(input.list);
    const clean = { a: { b: [1, { c: 'd' }] } };
    expect(redactSecrets(clean)).toBe(clean);
  });

  it('censors a secret holding an object or array, and leaves undefined alone', () => {
    expect(redactSecrets({ cookie: ['a', 'b'], secret: { k: 1 }, token: undefined })).toEqual({
      cookie: REDACTION_CENSOR,
      secret: REDACTION_CENSOR,
      token: undefined,
    });
  });

  it('does not walk class instances and stops on cycles', () => {
    const url = new URL('https://user:pw@example.org');
    expect(redactSecrets({ url }).url).toBe(url);
    const cyclic: Record<string, unknown> = { password: 'x' };
    cyclic.self = cyclic;
    const output = redactSecrets(cyclic) as Record<string, unknown>;
    expect(output.password).toBe(REDACTION_CENSOR);
  });

  it('leaves primitives unchanged', () => {
    expect(redactSecrets('password')).toBe('password');
    expect(redactSecrets(null)).toBeNull();
  });
});

describe('redactSecretParameters', () => {
  it('censors secret-looking query and form parameters in any case and encoding', () => {
    expect(
      redactSecretParameters(
        'GET /api/x?password=hunter2&TOKEN=abc&q=ok&api_key=k1&ApiKey=k2&secret=s&key=v&authorization=Basic%20x',
      ),
    ).toBe(
      `GET /api/x?password=${REDACTION_CENSOR}&TOKEN=${REDACTION_CENSOR}&q=ok&api_key=${REDACTION_CENSOR}&ApiKey=${REDACTION_CENSOR}&secret=${REDACTION_CENSOR}&key=${REDACTION_CENSOR}&authorization=${REDACTION_CENSOR}`,
    );
    expect(redactSecretParameters('https://h/p?api%5Fkey=1&pass%77ord=2;access-token=3')).toBe(
      `https://h/p?api%5Fkey=${REDACTION_CENSOR}&pass%77ord=${REDACTION_CENSOR};access-token=${REDACTION_CENSOR}`,
    );
    expect(redactSecretParameters('password=p&user=ann')).toBe(
      `password=${REDACTION_CENSOR}&user=ann`,
    );
  });

  it('leaves other text as it is', () => {
    expect(redactSecretParameters('GET /agents?limit=10&q=status=active')).toBe(
      'GET /agents?limit=10&q=status=active',
    );
    expect(redactSecretParameters('no parameters here')).toBe('no parameters here');
  });

  it('applies to every string of a log record, at any depth and in errors', () => {
    expect(
      redactSecrets({
        route: 'GET /api/x?token=abc',
        list: ['/a?secret=1'],
        nested: { url: '/b?password=2' },
      }),
    ).toEqual({
      route: `GET /api/x?token=${REDACTION_CENSOR}`,
      list: [`/a?secret=${REDACTION_CENSOR}`],
      nested: { url: `/b?password=${REDACTION_CENSOR}` },
    });
  });
});
