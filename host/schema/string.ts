import { z } from 'zod/v4';
import { configSchemaErrorMap } from './messages';
import { Type, TypeOptions } from './type';
import { validated } from './zod-bridge';

export interface StringOptions extends TypeOptions<string> {
  minLength?: number;
  maxLength?: number;
  /** Accept only a host name (RFC 1123) or an IP address. */
  hostname?: boolean;
}

const HOSTNAME_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const ipAddress = z.union([z.ipv4(), z.ipv6()]);

/** RFC 1123 host name (labels of letters, digits and inner hyphens, at most 255 characters) or an IP. */
function isHostname(value: string): boolean {
  if (ipAddress.safeParse(value).success) return true;
  const name = value.endsWith('.') ? value.slice(0, -1) : value;
  return (
    name.length > 0 &&
    name.length <= 255 &&
    name.split('.').every((label) => HOSTNAME_LABEL.test(label))
  );
}

/** A string; the empty string is valid unless `minLength` says otherwise. Other types are not coerced. */
export function string(options: StringOptions = {}): Type<string> {
  const messages = configSchemaErrorMap('string');
  let base = z.string({ error: messages });
  if (options.minLength !== undefined) base = base.min(options.minLength, { error: messages });
  if (options.maxLength !== undefined) base = base.max(options.maxLength, { error: messages });
  const checked = options.hostname
    ? validated(base, (value) =>
        isHostname(value as string) ? undefined : 'value must be a valid hostname (see RFC 1123).',
      )
    : base;
  return new Type<string>(checked, options);
}
