import { z } from 'zod';
import { configSchemaErrorMap } from './messages';
import { Type, TypeOptions } from './type';

export interface UriOptions extends TypeOptions<string> {
  /** Accepted scheme(s), without the colon: `'https'` or `['http', 'https']`. */
  scheme?: string | string[];
}

function hasScheme(value: string, schemes: string[]): boolean {
  const colon = value.indexOf(':');
  return colon > 0 && schemes.includes(value.slice(0, colon).toLowerCase());
}

/** An absolute URI (parsed with the WHATWG URL parser), optionally restricted to some schemes. */
export function uri(options: UriOptions = {}): Type<string> {
  const base = z
    .string({ errorMap: configSchemaErrorMap('string') })
    .url({ message: 'value must be a valid URI (see RFC 3986).' });
  const schemes = options.scheme === undefined ? undefined : [options.scheme].flat();
  const checked = schemes
    ? base.refine((value) => hasScheme(value, schemes), {
        message: `expected URI with scheme [${schemes.join('|')}].`,
      })
    : base;
  return new Type<string>(checked, options);
}
