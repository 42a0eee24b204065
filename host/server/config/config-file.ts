import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { normalizeFileTree, isTree, type ConfigTree } from './config-tree';
import { ConfigError } from '../errors';

const CONFIG_FILE_ENV = 'SVC_CONFIG';
const DEFAULT_CONFIG_FILE = 'config/svc.yml';

export interface ConfigFile {
  /** Absolute path of the file read; undefined when the default file does not exist. */
  path?: string;
  values: ConfigTree;
}

/**
 * Reads the YAML file named by `SVC_CONFIG` (relative to `cwd`), else `config/svc.yml`. Only the
 * default file may be missing: a file someone named explicitly must exist.
 */
export function readConfigFile(env: NodeJS.ProcessEnv, cwd: string): ConfigFile {
  const named = env[CONFIG_FILE_ENV];
  const path = resolve(cwd, named || DEFAULT_CONFIG_FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !named) return { values: {} };
    const reason = code === 'ENOENT' ? 'the file does not exist' : (error as Error).message;
    throw new ConfigError(
      `Cannot read the configuration file ${path} (from ${CONFIG_FILE_ENV}): ${reason}.`,
    );
  }
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    throw new ConfigError(
      `The configuration file ${path} is not valid YAML: ${(error as Error).message}`,
    );
  }
  if (document === null || document === undefined) return { path, values: {} };
  if (!isTree(document)) {
    throw new ConfigError(`The configuration file ${path} must hold a mapping of keys to values.`);
  }
  return { path, values: normalizeFileTree(document) };
}
