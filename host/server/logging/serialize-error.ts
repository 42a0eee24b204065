import pino from 'pino';
import { redactSecrets } from './redaction';

/** pino's view of a serialized error: type, message and stack (with causes) plus own fields. */
type SerializedError = Record<string, unknown>;

function isErrorLike(value: unknown): value is Error {
  return (
    value instanceof Error ||
    (typeof value === 'object' && value !== null && 'message' in value && 'stack' in value)
  );
}

function isPlainData(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Serializes an error for a log record: pino's standard serializer, minus fields that are live
 * objects (sockets, requests, buffers) rather than data. An HTTP client error keeps its method,
 * URL and status but drops its request config and raw request, whose headers and body carry the
 * upstream credentials. Secret fields are censored like meta fields.
 */
export function serializeError(value: unknown): unknown {
  if (!isErrorLike(value)) return value;
  const serialized = pino.stdSerializers.err(value) as unknown as SerializedError;
  const httpClientError = value as {
    isAxiosError?: boolean;
    config?: { method?: string; url?: string };
    response?: { status?: number };
  };
  if (httpClientError.isAxiosError === true) {
    delete serialized.config;
    delete serialized.request;
    delete serialized.response;
    serialized.method = httpClientError.config?.method;
    serialized.url = httpClientError.config?.url;
    serialized.status = httpClientError.response?.status;
  }
  const serializedErrorPrototype = Object.getPrototypeOf(serialized) as object;
  for (const [key, field] of Object.entries(serialized)) {
    // A nested error comes back from pino's serializer with pino's prototype: keep it as plain data.
    if (
      typeof field === 'object' &&
      field !== null &&
      Object.getPrototypeOf(field) === serializedErrorPrototype
    ) {
      serialized[key] = { ...field };
    } else if (!isPlainData(field)) {
      delete serialized[key];
    }
  }
  // Serializers run after `formatters.log`, so the error's own fields are redacted here.
  return redactSecrets(serialized);
}
