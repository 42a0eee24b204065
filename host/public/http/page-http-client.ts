/** The HTTP client of a page: the base path and version it was served with, the login page anonymous. */
import type { InjectedMetadata } from '../../common/injected-metadata';
import { LOGIN_PATH } from '../../common/next-url';
import { AnonymousPaths } from './anonymous-paths';
import { BasePath } from './base-path';
import { HttpClient } from './http-client';

export function createPageHttpClient(
  metadata: Pick<InjectedMetadata, 'basePath' | 'version'>,
  onSessionExpired: () => void,
): HttpClient {
  const basePath = new BasePath(metadata.basePath);
  const anonymousPaths = new AnonymousPaths(basePath);
  anonymousPaths.register(LOGIN_PATH);
  return new HttpClient({ basePath, anonymousPaths, version: metadata.version, onSessionExpired });
}
