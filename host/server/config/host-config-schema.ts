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
