import { SvcPublicPlugin } from './plugin';

/** Browser initializer of the `svc` plugin (the shell's bundle entry registers it). */
export function plugin(): SvcPublicPlugin {
  return new SvcPublicPlugin();
}

export type { SvcPublicSetup, SvcPublicStart } from './plugin';
