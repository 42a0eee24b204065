import { BASIC_AUTH_CACHE_MS, BasicAuthCache } from './basic-auth-cache';
import { parseBasicCredentials } from './basic-credentials';

describe('BasicAuthCache', () => {
  const ann = { username: 'ann', roles: ['admin'] };
  const ben = { username: 'ben', roles: ['user'] };
  const header = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

  it('answers only for the exact header, for a short time', () => {
    let clock = 0;
    const cache = new BasicAuthCache(() => clock);
    cache.set(header('ann:password-a'), ann);
    expect(cache.get(header('ann:password-a'))).toEqual(ann);
    expect(cache.get(header('ann:password-b'))).toBeUndefined();
    expect(cache.get(header('ann2:password-a'))).toBeUndefined();
    clock += BASIC_AUTH_CACHE_MS - 1;
    expect(cache.get(header('ann:password-a'))).toEqual(ann);
    clock += 1;
    expect(cache.get(header('ann:password-a'))).toBeUndefined();
  });

  it('forgets every entry of a user on eviction', () => {
    const cache = new BasicAuthCache();
    cache.set(header('ann:password-a'), ann);
    cache.set(header('ann:password-old'), ann);
    cache.set(header('ben:password-b'), ben);
    cache.evictUser('ann');
    expect(cache.get(header('ann:password-a'))).toBeUndefined();
    expect(cache.get(header('ann:password-old'))).toBeUndefined();
    expect(cache.get(header('ben:password-b'))).toEqual(ben);
  });
});

describe('parseBasicCredentials', () => {
  const encode = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;

  it('reads user and password, the password may contain colons', () => {
    expect(parseBasicCredentials(encode('ann:pa:ss:wörd'))).toEqual({
      username: 'ann',
      password: 'pa:ss:wörd',
    });
    expect(parseBasicCredentials(`bAsIc   ${Buffer.from('ann:x').toString('base64')}`)).toEqual({
      username: 'ann',
      password: 'x',
    });
  });

  it('ignores other schemes and malformed values', () => {
    expect(parseBasicCredentials(undefined)).toBeUndefined();
    expect(parseBasicCredentials('Bearer abc')).toBeUndefined();
    expect(parseBasicCredentials(encode('no-colon'))).toBeUndefined();
    expect(parseBasicCredentials(encode(':password'))).toBeUndefined();
    expect(parseBasicCredentials(['Basic a', 'Basic b'])).toBeUndefined();
  });
});
