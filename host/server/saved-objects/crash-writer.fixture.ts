/**
 * Child process of the crash-safety tests: writes saved objects as fast as it can and prints one
 * line per acknowledged write (`<id> <counter>`) until it is killed. Arguments: the data folder,
 * and optionally a PostgreSQL URL to write there instead of the SQLite file.
 */
import { createSavedObjectsService } from './service';
import { createRecordingLogger } from './testing';

async function main(dataDir: string, url?: string): Promise<void> {
  const service = createSavedObjectsService({ dataDir, url, logger: createRecordingLogger() });
  service.setup.registerType({
    name: 'crash-test',
    hidden: false,
    namespaceType: 'single',
    mappings: { properties: {} },
  });
  const repository = (await service.start()).createInternalRepository();
  await repository.create('crash-test', { value: 0 }, { id: 'counter' });
  for (let n = 1; ; n += 1) {
    await repository.create('crash-test', { n, payload: 'x'.repeat(4096) }, { id: `object-${n}` });
    await repository.update('crash-test', 'counter', { value: n });
    process.stdout.write(`object-${n} ${n}\n`);
  }
}

main(process.argv[2], process.argv[3]).catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
