/** Helpers for the HTTP service's own tests: a started service on an ephemeral port that records its logs. */
import { createRecordingLogger } from '../logging/test-recording-logger';
import type { AuthenticatedUser, SavedObjectsServiceStart } from '../types';
import { createCoreContextFactory } from './core-context';
import { authenticatedUserOf } from './osd-request';
import { HttpService, type HttpServiceConfig, type InternalHttpServiceSetup } from './http-service';

/** Users accepted by the test auth step: header `authorization: user <name>`. */
export const TEST_USERS: Record<string, AuthenticatedUser> = {
  alice: { username: 'alice', roles: ['admin'] },
  bob: { username: 'bob', roles: ['user'] },
};

export interface TestHttpServer {
  url: string;
  logger: ReturnType<typeof createRecordingLogger>;
  stop(): Promise<void>;
}

/**
 * Builds an HTTP service, lets `configure` register routes and the like, then starts it on port 0.
 * Saved objects are not needed by these tests: touching `context.core.savedObjects` fails loudly.
 */
export async function startTestHttpServer(
  configure: (http: InternalHttpServiceSetup) => void,
  config: Partial<HttpServiceConfig> = {},
): Promise<TestHttpServer> {
  const logger = createRecordingLogger();
  const service = new HttpService(
    { host: '127.0.0.1', port: 0, basePath: '', maxPayloadBytes: 1024 * 1024, ...config },
    logger,
  );
  const http = service.setup();
  http.registerAuth((headers) => {
    const match = /^user (\w+)$/.exec(String(headers.authorization ?? ''));
    return match ? (TEST_USERS[match[1]] ?? null) : null;
  });
  configure(http);
  const unavailable = () => {
    throw new Error('saved objects are not available in HTTP service tests');
  };
  await service.start({
    coreContext: createCoreContextFactory({
      savedObjects: {
        getScopedClient: unavailable,
        createInternalRepository: unavailable,
        getTypeRegistry: unavailable,
      } as SavedObjectsServiceStart,
      uiSettings: { asScopedToClient: unavailable },
      getCurrentUser: authenticatedUserOf,
    }),
  });
  const { url } = await service.listen();
  return { url, logger, stop: () => service.stop() };
}
