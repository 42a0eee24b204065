import { createLogging } from './create-logging';
import { createLineCollector } from './line-collector';
import { REDACTION_CENSOR } from './redaction';

function capture() {
  const collector = createLineCollector();
  const logging = createLogging({ level: 'info', destination: collector.stream });
  return { ...collector, logger: logging.factory.get('plugins', 'svc') };
}

describe('redaction', () => {
  it('censors secrets at the root and nested in meta', () => {
    const { logger, lines, records } = capture();
    logger.info('login', {
      password: 'hunter2',
      host: { id: 'default', username: 'wazuh-wui', password: 'wazuh-pass' },
      request: {
        headers: { authorization: 'Basic YWRtaW46c2VjcmV0', cookie: 'sid=abc', 'osd-xsrf': 'x' },
      },
      response: {
        headers: { 'set-cookie': ['sid=def; HttpOnly'] },
        body: { data: { token: 'eyJhbGciOi' } },
      },
      upstream: { config: { auth: { secret: 's3' } } },
    });
    const output = lines().join('\n');
    for (const secret of [
      'hunter2',
      'wazuh-pass',
      'YWRtaW46c2VjcmV0',
      'sid=abc',
      'sid=def',
      'eyJhbGciOi',
      's3"',
    ]) {
      expect(output).not.toContain(secret);
    }
    const [record] = records();
    expect(record.password).toBe(REDACTION_CENSOR);
    expect(record.host).toEqual({
      id: 'default',
      username: 'wazuh-wui',
      password: REDACTION_CENSOR,
    });
    expect(record.request).toEqual({
      headers: { authorization: REDACTION_CENSOR, cookie: REDACTION_CENSOR, 'osd-xsrf': 'x' },
    });
  });

  it('censors secrets five levels below a meta field', () => {
    const { logger, lines } = capture();
    logger.info('deep', { a: { b: { c: { d: { e: { password: 'deep-secret' } } } } } });
    expect(lines()[0]).not.toContain('deep-secret');
  });

  it('censors header names in either case', () => {
    const { logger, lines } = capture();
    logger.info('outgoing', {
      headers: { Authorization: 'Bearer abc.def', Cookie: 'c=1', 'Set-Cookie': 'd=2' },
    });
    expect(lines()[0]).not.toMatch(/abc\.def|c=1|d=2/);
  });

  it('censors secrets carried by a logged error', () => {
    const { logger, lines, records } = capture();
    const failure = Object.assign(new Error('request failed'), {
      options: { headers: { authorization: 'Bearer leaked-token' } },
    });
    logger.error(failure);
    expect(lines()[0]).not.toContain('leaked-token');
    expect(records()[0].error).toMatchObject({
      options: { headers: { authorization: REDACTION_CENSOR } },
    });
  });

  it('drops the request config and raw request of an HTTP client error, keeping method, URL and status', () => {
    const { logger, lines, records } = capture();
    const failure = Object.assign(new Error('Request failed with status code 401'), {
      isAxiosError: true,
      code: 'ERR_BAD_REQUEST',
      config: {
        method: 'get',
        url: 'https://api:55000/agents',
        data: '{"pw":"plain-body-secret"}',
      },
      request: { _header: 'GET /agents HTTP/1.1\r\nAuthorization: Bearer raw-header-token' },
      response: { status: 401, data: { title: 'Unauthorized' } },
    });
    logger.warn(failure);
    const output = lines()[0];
    expect(output).not.toContain('plain-body-secret');
    expect(output).not.toContain('raw-header-token');
    expect(records()[0].error).toMatchObject({
      code: 'ERR_BAD_REQUEST',
      method: 'get',
      url: 'https://api:55000/agents',
      status: 401,
    });
  });

  it('leaves other fields alone', () => {
    const { logger, records } = capture();
    logger.info('host saved', { id: 'default', url: 'https://api', port: 55000, run_as: true });
    expect(records()[0]).toMatchObject({
      id: 'default',
      url: 'https://api',
      port: 55000,
      run_as: true,
    });
  });

  it('censors secrets of an error nested in a logged error', () => {
    const { logger, lines, records } = capture();
    const inner = Object.assign(new Error('login refused'), { token: 'inner-token' });
    logger.error(Object.assign(new Error('outer'), { upstream: inner }));
    expect(lines()[0]).not.toContain('inner-token');
    expect(records()[0].error).toMatchObject({
      upstream: { message: 'login refused', token: REDACTION_CENSOR },
    });
  });
});
