/**
 * Translates hapi-style route paths (`{id}`, `{id?}`, `{path*}`, `{pair*2}`) used by the plugin contract
 * into find-my-way paths for Fastify, and Fastify's matched params back into the hapi names.
 */

export interface TranslatedRoutePath {
  /** Paths to register with Fastify (two for a trailing rest parameter: with and without segments). */
  fastifyPaths: string[];
  /** Turns Fastify's params into the names the route declared. */
  mapParams(raw: Record<string, string | undefined>): Record<string, string>;
}

const PARAM = /\{(\w+)(\?|\*(\d*))?\}/g;

/** A `{name*N}` parameter registered as N single-segment params, joined back with `/`. */
interface Rename {
  name: string;
  parts: string[];
}

export function translateRoutePath(path: string): TranslatedRoutePath {
  if (!path.startsWith('/')) throw new Error(`Route path [${path}] must start with "/".`);
  const renames: Rename[] = [];
  let restName: string | undefined;
  const segments = path.split('/');
  const translated = segments.map((segment, index) => {
    const isLast = index === segments.length - 1;
    return segment
      .replace(/:/g, '::')
      .replace(
        PARAM,
        (_match, name: string, modifier: string | undefined, count: string | undefined) => {
          if (modifier === '?') {
            if (!isLast)
              throw new Error(
                `Route path [${path}]: optional parameter {${name}?} must be the last segment.`,
              );
            return `:${name}?`;
          }
          if (modifier !== undefined && modifier.startsWith('*')) {
            if (count) {
              const parts = Array.from({ length: Number(count) }, (_, part) => `${name}__${part}`);
              renames.push({ name, parts });
              return parts.map((part) => `:${part}`).join('/');
            }
            if (!isLast || segment !== `{${name}*}`)
              throw new Error(`Route path [${path}]: {${name}*} must be the whole last segment.`);
            restName = name;
            return '*';
          }
          return `:${name}`;
        },
      );
  });
  const fastifyPath = translated.join('/');
  const fastifyPaths =
    restName === undefined ? [fastifyPath] : [fastifyPath, fastifyPath.slice(0, -2) || '/'];
  const rest = restName;
  const partNames = new Set(renames.flatMap(({ parts }) => parts));
  const mapParams = (raw: Record<string, string | undefined>): Record<string, string> => {
    const params: Record<string, string> = {};
    for (const key in raw) {
      const value = raw[key];
      if (value !== undefined && key !== '*' && !partNames.has(key)) params[key] = value;
    }
    for (const { name, parts } of renames)
      params[name] = parts.map((part) => raw[part] ?? '').join('/');
    if (rest !== undefined && raw['*'] !== undefined && raw['*'] !== '') params[rest] = raw['*'];
    return params;
  };
  return { fastifyPaths, mapParams };
}
