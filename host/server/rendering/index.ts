/**
 * Server side of the browser shell: the HTML of `/app/*` and `/login`, the redirect of `/`, and the
 * built bundles under `/bundles/`. Wired by the host's root:
 *
 *   registerRendering(http, { owner: CORE_OWNER, version, mode, getUiPlugins, publicDir: 'build/public' })
 */
import { join } from 'node:path';
import type { OsdRequest, OsdResponse, ResponseFactory } from '../types';
import { loginUrl, safeNextUrl } from '../../common/next-url';
import { MissingBundlesError } from '../errors';
import { BUNDLES_URL_PATH, RenderingService } from './rendering-service';
import type { RenderingHttpSetup, RenderingOptions } from './types';

export type { RenderingHttpSetup, RenderingOptions, UiPluginInfo } from './types';
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  // Bundle names change with every build; the page that names them must never be cached.
  'cache-control': 'no-store',
  'referrer-policy': 'same-origin',
};

export function registerRendering(http: RenderingHttpSetup, options: RenderingOptions): void {
  const basePath = http.basePath.serverBasePath;
  const rendering = new RenderingService(options, basePath);
  const router = http.createRouter(options.owner);
  const optionalAuth = { authRequired: 'optional' as const };

  http.registerStaticAssets({
    path: BUNDLES_URL_PATH,
    dir: join(options.publicDir, 'bundles'),
    isImmutable: () => true,
  });

  router.get(
    { path: '/', validate: false, options: optionalAuth },
    (_context, _request, response) =>
      response.redirected({ headers: { location: `${basePath}/app` } }),
  );

  router.get(
    { path: '/app/{any*}', validate: false, options: optionalAuth },
    (_context, request, response) => {
      if (!request.auth.isAuthenticated)
        return response.redirected({
          headers: { location: loginUrl(basePath, originalUrl(request, basePath)) },
        });
      return page(rendering, 'app', response);
    },
  );

  router.get(
    { path: '/login', validate: false, options: optionalAuth },
    (_context, request, response) => {
      if (request.auth.isAuthenticated)
        return response.redirected({
          headers: { location: safeNextUrl(basePath, request.url.searchParams.get('next')) },
        });
      return page(rendering, 'login', response);
    },
  );
}

function page(
  rendering: RenderingService,
  kind: 'app' | 'login',
  response: ResponseFactory,
): OsdResponse {
  try {
    return response.ok({ body: rendering.render(kind), headers: PAGE_HEADERS });
  } catch (error) {
    if (error instanceof MissingBundlesError)
      return response.customError({
        statusCode: error.statusCode,
        body: { message: error.message },
      });
    throw error;
  }
}

/** The URL the user asked for, base path included, to come back to after logging in. */
function originalUrl(request: OsdRequest, basePath: string): string {
  return `${basePath}${request.url.pathname}${request.url.search}`;
}
