import { z } from 'zod/v4';
import { configSchemaErrorMap } from './messages';
import { Type, TypeOptions } from './type';
import { validated } from './zod-bridge';

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
  const schemes = options.scheme === undefined ? undefined : [options.scheme].flat();
  const schemeMessage = schemes && `expected URI with scheme [${schemes.join('|')}].`;
  // The value is kept as written: zod's own URL type rewrites it (the scheme in lower case).
  const base = validated(z.string({ error: configSchemaErrorMap('string') }), (value) => {
    if (!URL.canParse(value as string)) return 'value must be a valid URI (see RFC 3986).';
    return schemes && !hasScheme(value as string, schemes) ? schemeMessage : undefined;
  });
  return new Type<string>(base, options);
}
