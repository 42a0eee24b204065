/**
 * `npm run bench`: runs every `test/bench/*.bench.ts` in turn (or those named on the command line)
 * and prints what each measured. A bench module exports `name` and `run(): Promise<BenchResult[]>`;
 * each result compares figures measured side by side in this one run.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface BenchResult {
  /** What was measured, e.g. "authenticated no-op route vs bare Fastify". */
  title: string;
  /** Figures to print, in order: label → value with unit. */
  figures: Array<[string, string]>;
  /** Target in words and whether this run met it (undefined when there is no target). */
  target?: { text: string; met: boolean };
}

interface BenchModule {
  name: string;
  run(): Promise<BenchResult[]>;
}

function print(result: BenchResult): void {
  console.log(`\n## ${result.title}`);
  const width = Math.max(...result.figures.map(([label]) => label.length));
  for (const [label, value] of result.figures) console.log(`  ${label.padEnd(width)}  ${value}`);
  if (result.target)
    console.log(`  target: ${result.target.text} — ${result.target.met ? 'met' : 'NOT met'}`);
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const files = readdirSync(__dirname)
    .filter((file) => file.endsWith('.bench.ts'))
    .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)))
    .sort();
  for (const file of files) {
    const bench = (await import(join(__dirname, file))) as BenchModule;
    console.log(`\n# ${bench.name} (${file})`);
    try {
      (await bench.run()).forEach(print);
    } catch (error) {
      process.exitCode = 1;
      console.log(`  failed: ${(error as Error).stack ?? error}`);
    }
  }
}

void main();
