/** The `env` plugins receive: mode, package information and this installation's persistent UUID. */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PluginEnv } from './plugin-context';

const INSTANCE_UUID_FILE = 'uuid';

/** Reads `<data>/uuid`, creating it on first start, so the instance keeps its identity across restarts. */
async function loadInstanceUuid(dataDir: string): Promise<string> {
  const file = join(dataDir, INSTANCE_UUID_FILE);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (/^[0-9a-f-]{36}$/i.test(stored)) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const uuid = randomUUID();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${uuid}\n`, { mode: 0o644 });
  return uuid;
}

export async function createPluginEnv(options: {
  dataDir: string;
  version: string;
  dist: boolean;
}): Promise<PluginEnv> {
  const production = options.dist;
  return {
    mode: { name: production ? 'production' : 'development', dev: !production, prod: production },
    packageInfo: {
      version: options.version,
      branch: 'main',
      buildNum: 0,
      buildSha: '',
      dist: options.dist,
    },
    instanceUuid: await loadInstanceUuid(options.dataDir),
  };
}
