import { schema, type TypeOf } from '../../schema';
import { LOG_LEVELS, type LogLevel } from '../logging/levels';

function integerProblem(value: number): string | undefined {
  return Number.isInteger(value) ? undefined : `expected an integer but got [${value}]`;
}

function basePathProblem(value: string): string | undefined {
  if (value === '') return undefined;
  return value.startsWith('/') && !value.endsWith('/')
    ? undefined
    : `must start with "/" and must not end with "/" (e.g. "/dashboard") but got [${value}]`;
}

/** `SVC_TRUST_PROXY`: empty (trust no proxy), a hop count, or addresses and CIDRs separated by commas. */
function trustProxyProblem(value: string): string | undefined {
  const entries = value.split(',').map((entry) => entry.trim());
  if (value.trim() === '' || /^\d+$/.test(value.trim())) return undefined;
  return entries.every((entry) => /^[\w.:/-]+$/.test(entry))
    ? undefined
    : `expected a hop count or addresses/CIDRs separated by commas but got [${value}]`;
}

function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

function logLevelProblem(value: string): string | undefined {
  return isLogLevel(value)
    ? undefined
    : `expected one of [${LOG_LEVELS.join(', ')}] but got [${value}]`;
}

/** The host's own keys of the configuration; every other top-level key belongs to a plugin. */
export const hostConfigSchema = schema.object({
  server: schema.object({
    host: schema.string({ defaultValue: '127.0.0.1', hostname: true }),
    port: schema.number({ defaultValue: 5601, min: 0, max: 65535, validate: integerProblem }),
    basePath: schema.string({ defaultValue: '', validate: basePathProblem }),
    maxPayloadBytes: schema.number({ defaultValue: 1048576, min: 1, validate: integerProblem }),
    maxBodyDepth: schema.number({ defaultValue: 64, min: 1, validate: integerProblem }),
    maxBodyValues: schema.number({ defaultValue: 100000, min: 1, validate: integerProblem }),
    headersTimeoutMs: schema.number({ defaultValue: 20000, min: 1, validate: integerProblem }),
    requestTimeoutMs: schema.number({ defaultValue: 30000, min: 1, validate: integerProblem }),
    tls: schema.object({
      certFile: schema.maybe(schema.string({ minLength: 1 })),
      keyFile: schema.maybe(schema.string({ minLength: 1 })),
      caFile: schema.maybe(schema.string({ minLength: 1 })),
    }),
    trustProxy: schema.oneOf(
      [
        schema.number({ min: 0, validate: integerProblem }),
        schema.string({ validate: trustProxyProblem }),
      ],
      { defaultValue: '' },
    ),
  }),
  data: schema.object({
    dir: schema.string({ defaultValue: './data', minLength: 1 }),
  }),
  security: schema.object({
    adminPassword: schema.maybe(schema.string({ minLength: 1 })),
    session: schema.object({
      ttlMinutes: schema.number({ defaultValue: 480, min: 1 }),
      idleTimeoutMinutes: schema.number({ defaultValue: 60, min: 1 }),
    }),
  }),
  demo: schema.oneOf([schema.literal('auto'), schema.boolean()], { defaultValue: 'auto' }),
  savedObjects: schema.object({
    url: schema.maybe(schema.uri({ scheme: ['postgres', 'postgresql'] })),
  }),
  // The length matches what the API host password encryption accepts from SVC_ENCRYPTION_KEY.
  encryptionKey: schema.maybe(schema.string({ minLength: 32 })),
  logging: schema.object({
    level: schema.string({ defaultValue: 'info', validate: logLevelProblem }),
  }),
});

export type HostConfigKeys = TypeOf<typeof hostConfigSchema>;

export const HOST_CONFIG_KEYS: ReadonlySet<string> = new Set(
  Object.keys(hostConfigSchema.getPropSchemas()),
);
