import { validate as isCronExpression } from 'node-cron';
import { schema, type TypeOf } from '../../../host/schema';

/**
 * `svc_check_updates:` in the dashboard config file. The time-out of each call to an API host is the
 * main plugin's managed-API time-out.
 */
export const configSchema = schema.object({
  /** How long an API host's stored record is served before the host is asked again (6 hours). */
  cacheLifetimeMinutes: schema.number({ defaultValue: 360, min: 0 }),
  /** node-cron expression of the job that refreshes every host's record (daily at 03:00 server time). */
  refreshSchedule: schema.string({
    defaultValue: '0 3 * * *',
    validate: (value) =>
      isCronExpression(value) ? undefined : `[${value}] is not a valid cron expression`,
  }),
  /**
   * Release-notes URL of a version when the API host does not give one; `{version}`, `{major}`,
   * `{minor}` and `{patch}` are filled in.
   */
  /** Dismissed updates kept per user: a dismissal past it forgets the oldest, a replacement past it is refused. */
  maxDismissedUpdates: schema.number({ defaultValue: 500, min: 1, max: 10_000 }),
  releaseNotesUrl: schema.string({
    defaultValue:
      'https://documentation.wazuh.com/current/release-notes/release-{major}-{minor}-{patch}.html',
    validate: (value) => (/^https?:\/\/\S+$/i.test(value) ? undefined : 'must be an http(s) URL'),
  }),
});

export type CheckUpdatesConfig = TypeOf<typeof configSchema>;
