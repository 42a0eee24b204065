/**
 * Seeded generator of bad requests for the dashboard's routes: random and malformed JSON, wrong types,
 * strings beyond every limit, unicode and NUL, missing and extra fields, and path tricks in `:id`
 * parameters and in the managed-API path of `/api/request`. The same seed gives the same requests.
 */

/** mulberry32: a tiny seeded PRNG; `Math.random` cannot be seeded, and a repeatable run is the point. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => items[int(items.length)],
    chance: (p: number) => next() < p,
  };
}

export interface Random {
  next(): number;
  int(max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

export interface FuzzRequest {
  method: string;
  /** Path with query, already encoded as sent. */
  path: string;
  /** A string is sent as it is (malformed JSON included); undefined sends no body. */
  body?: string;
  contentType?: string;
  /** The route template it aims at, for the report. */
  route: string;
}

/** Above the host's body limit (1 MiB by default) and every field's maxLength. */
const HUGE = 'A'.repeat(2 * 1024 * 1024);
const LONG = 'x'.repeat(70_000);

export const PATH_TRICKS = [
  '..',
  '%2e%2e',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2f..%2fapi%2fstatus',
  '//evil',
  'http:%2f%2fx',
  'http://x',
  '%0d%0aSet-Cookie:%20x=1',
  '%00',
  'a%00b',
  '%ff%fe',
  '%',
  '%zz',
  '%F0%9F%92%A5',
  encodeURIComponent('ℌ𝔬𝔰𝔱'),
  'x'.repeat(9000),
  ' ',
  '%20',
  '.',
  '~',
];

/** Managed-API paths for `/api/request` and `/api/csv` that must never leave the configured host. */
export const MANAGED_PATH_TRICKS = [
  '../../etc/passwd',
  '/agents/../../../etc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '//evil.example/agents',
  'http://x/agents',
  'https://evil.example:55000/agents',
  '/agents\r\nX-Injected: 1',
  '/agents?limit=1\r\n\r\nGET /evil',
  '/agents\u0000/x',
  '/agents#frag',
  '\\\\evil\\agents',
  '/' + 'a'.repeat(20_000),
  '',
  ' ',
  '/agents?' + 'q='.repeat(5000),
  '/ａｇｅｎｔｓ',
  '/agents/%00',
  '@evil.example/agents',
];

const STRINGS = [
  '',
  ' ',
  'a',
  '\u0000',
  'nul\u0000inside',
  '\ud800',
  '\udfff\ud800',
  '🙂'.repeat(50),
  'ℌ𝔬𝔰𝔱',
  '‮evil',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${7*7}',
  '__proto__',
  'constructor',
  '\r\n',
  LONG,
];
const NUMBERS = [0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 65536, 70000, -0];

/** A value of a random JSON type, sometimes nested, sometimes huge. */
function randomValue(random: Random, depth = 0): unknown {
  switch (random.int(depth > 2 ? 5 : 8)) {
    case 0:
      return random.pick(STRINGS);
    case 1:
      return random.pick(NUMBERS);
    case 2:
      return random.chance(0.5);
    case 3:
      return null;
    case 4:
      return Array.from({ length: random.int(4) }, () => random.pick(STRINGS));
    case 5:
      return Array.from({ length: random.int(4) }, () => randomValue(random, depth + 1));
    case 6:
      return Object.fromEntries(
        Array.from({ length: random.int(4) }, () => [
          random.pick(STRINGS),
          randomValue(random, depth + 1),
        ]),
      );
    default:
      return { __proto__: { admin: true }, constructor: { prototype: { polluted: true } } };
  }
}

/** A deeply nested document: parsers that recurse can overflow on it. */
function deepJson(levels: number): string {
  return '['.repeat(levels) + ']'.repeat(levels);
}

const MALFORMED_JSON = [
  '{',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'nul',
  'NaN',
  '{"a":1e999999}',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":"\\u00"}',
  '"unterminated',
  '{}}',
  '\ufeff{}',
];

/** A mutation of a valid body: a field dropped, retyped, made huge or weird, or an extra one added. */
function mutate(random: Random, valid: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...valid };
  const keys = Object.keys(body);
  const rounds = 1 + random.int(3);
  for (let round = 0; round < rounds; round++) {
    const key = keys.length ? random.pick(keys) : 'field';
    switch (random.int(5)) {
      case 0:
        delete body[key];
        break;
      case 1:
        body[key] = randomValue(random);
        break;
      case 2:
        body[random.pick(['extra', '__proto__', 'constructor', 'id ', ''])] = randomValue(random);
        break;
      case 3:
        body[key] = random.pick(PATH_TRICKS);
        break;
      default:
        body[key] = random.pick(STRINGS);
    }
  }
  return body;
}

/** A body for a route that takes one: mostly mutated valid ones, then random JSON, malformed text, huge and deep documents. */
export function randomBody(
  random: Random,
  valid: Record<string, unknown>,
): { body: string; contentType: string } {
  const json = 'application/json';
  const roll = random.next();
  if (roll < 0.55) return { body: JSON.stringify(mutate(random, valid)), contentType: json };
  if (roll < 0.7) return { body: JSON.stringify(randomValue(random)), contentType: json };
  if (roll < 0.82) return { body: random.pick(MALFORMED_JSON), contentType: json };
  if (roll < 0.86)
    return {
      body: JSON.stringify({ ...valid, [random.pick(Object.keys(valid).concat('x'))]: HUGE }),
      contentType: json,
    };
  if (roll < 0.89) return { body: deepJson(random.pick([100, 5000, 100_000])), contentType: json };
  if (roll < 0.95)
    return {
      body: JSON.stringify(valid),
      contentType: random.pick([
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'multipart/form-data; boundary=x',
      ]),
    };
  return { body: '', contentType: json };
}

/** Every UTF-8 byte as %XX (encodeURIComponent throws on lone surrogates, which are worth sending). */
function percentEncoded(value: string): string {
  return [...Buffer.from(value)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

/** A query string of the given names with bad values, or unexpected names. */
export function randomQuery(random: Random, names: readonly string[]): string {
  const pairs: string[] = [];
  for (const name of names) {
    if (random.chance(0.3)) continue;
    const value = random.pick([
      ...STRINGS.slice(0, -1),
      ...PATH_TRICKS.slice(0, 8),
      'true',
      '-5',
      '1e9',
      '99999999999999999999',
      'NaN',
      '',
    ]);
    pairs.push(
      `${name}=${random.chance(0.5) ? percentEncoded(value) : value.replace(/[#\s]/g, '')}`,
    );
  }
  if (random.chance(0.3))
    pairs.push(
      `${random.pick(['extra', '__proto__', 'constructor[prototype][x]', 'a[]', ''])}=${random.pick(['1', '', 'x'.repeat(10_000)])}`,
    );
  if (random.chance(0.1)) pairs.push(pairs[0] ?? 'dup=1');
  return pairs.length ? `?${pairs.join('&')}` : '';
}
