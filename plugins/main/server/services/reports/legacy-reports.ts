/**
 * Reports an earlier version kept on the instance's disk (`<data>/reports/<user hash>/<name>.pdf`
 * with `<name>.pdf.json` beside it) are moved into the shared store at start, each streamed in, so
 * an upgrade loses none; the files of each report taken are removed, and the folder once empty.
 */
import { createReadStream } from 'node:fs';
import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '@host/server/types';
import type { StoredReport } from '../../../common/modules/reports';
import { isReportName, type ReportStore } from './report-store';

async function entries(folder: string): Promise<string[]> {
  return readdir(folder).catch(() => [] as string[]);
}

/** Imports every report under `root`; answers how many were taken. */
export async function importLegacyReports(
  root: string,
  store: ReportStore,
  logger: Logger,
): Promise<number> {
  let imported = 0;
  for (const user of await entries(root)) {
    const folder = path.join(root, user);
    for (const name of (await entries(folder)).filter(isReportName)) {
      const file = path.join(folder, name);
      try {
        const report = JSON.parse(await readFile(`${file}.json`, 'utf8')) as StoredReport;
        if (report.name !== name) throw new Error('its record names another report');
        if (await store.adopt(report, createReadStream(file))) imported++;
        await rm(file, { force: true });
        await rm(`${file}.json`, { force: true });
      } catch (error) {
        logger.warn(
          `The report ${file} of an earlier version was left where it is: ${(error as Error).message}`,
        );
      }
    }
    await rmdir(folder).catch(() => undefined);
  }
  await rmdir(root).catch(() => undefined);
  if (imported > 0)
    logger.info(
      `${imported} reports of an earlier version were moved from ${root} into the saved-objects store.`,
    );
  return imported;
}
