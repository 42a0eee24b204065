/**
 * Child process of the coordination tests: takes a named lock through PostgreSQL advisory locks,
 * prints `held`, and keeps it until it is killed.
 */
import { createRecordingLogger } from '../testing';
import { PostgresDatabase } from './database';
import { PostgresCoordination } from './postgres-coordination';

async function main(url: string, name: string): Promise<void> {
  const logger = createRecordingLogger();
  const coordination = new PostgresCoordination(new PostgresDatabase({ url, logger }), logger);
  const outcome = await coordination.withLock(name, async () => {
    process.stdout.write('held\n');
    await new Promise(() => undefined);
  });
  process.stdout.write(outcome.acquired ? 'released\n' : 'busy\n');
}

main(process.argv[2], process.argv[3]).catch((error: Error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
