/**
 * Hosts listed in the `svc.hosts` config are created at start when they are not stored. Once stored,
 * the dashboard's copy wins (edits made in Settings are kept), except for the demo host, whose
 * address and password change with every start of the built-in simulator.
 */
import type { Logger } from '@host/server/types';
import type { SeededHostConfig } from '../../config';
import type { ApiHostStore } from './api-host-store';
import { ApiHostConflictError } from './errors';

export async function seedApiHosts(
  store: ApiHostStore,
  seeds: readonly SeededHostConfig[],
  logger: Logger,
): Promise<void> {
  for (const { demo, ...seed } of seeds) {
    const existing = await store.get(seed.id);
    if (existing && !(demo && existing.demo)) {
      logger.debug(
        `API host [${seed.id}] from the config file is already stored; the stored entry is kept.`,
      );
      continue;
    }
    try {
      if (existing) {
        await store.update(seed.id, {
          url: seed.url,
          port: seed.port,
          username: seed.username,
          password: seed.password,
          run_as: seed.run_as,
          tls_verify: seed.tls_verify,
        });
        logger.info(`Demo API host [${seed.id}] now points at ${seed.url}:${seed.port}.`);
      } else {
        await store.create(seed, { demo });
        logger.info(`API host [${seed.id}] from the config file was stored.`);
      }
    } catch (error) {
      // Another instance seeded it at the same moment.
      if (error instanceof ApiHostConflictError) continue;
      throw error;
    }
  }
}
