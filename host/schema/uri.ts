import { z } from 'zod';
import { configSchemaErrorMap } from './messages';
import { Type, TypeOptions } from './type';
import { ZodValidated } from './zod-bridge';

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
  const schemeMessage = schemes && `expected URI with scheme [${schemes.join('|')}].`;
  const checked = schemes
    ? ZodValidated.of(base, (value) =>
        hasScheme(value as string, schemes) ? undefined : schemeMessage,
      )
    : base;
  return new Type<string>(checked, options);
}
