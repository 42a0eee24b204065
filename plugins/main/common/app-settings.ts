/**
 * App settings: the `svc:` config keys an administrator may change from the dashboard (Dashboard
 * management → App settings). A saved value wins over the config file on every instance; the file's
 * value stays the fallback a reset returns to. Each entry names its config key, so the value is
 * validated by the config file's own schema; adding a setting is one line here.
 */

export const APP_SETTING_CATEGORIES = [
  { id: 'api', title: 'Managed API', description: 'How the dashboard calls the managed API.' },
  {
    id: 'alerts',
    title: 'Alerts',
    description: 'Where alerts are read from and which of them are shown.',
  },
  { id: 'csv', title: 'CSV export', description: 'Limits of the CSV files users download.' },
  {
    id: 'jobs',
    title: 'Background jobs',
    description: 'When the jobs run (cron syntax, seconds optional) and whether they run.',
  },
  { id: 'enrollment', title: 'Agent enrollment', description: 'What new agents are told.' },
  { id: 'reports', title: 'Reports and branding', description: 'What every PDF report carries.' },
  { id: 'health', title: 'Health check', description: 'What the health check accepts.' },
] as const;

type AppSettingCategory = (typeof APP_SETTING_CATEGORIES)[number]['id'];

/** How the page edits a value: its type in the config schema. */
type AppSettingInput = 'number' | 'boolean' | 'text' | 'text-list' | 'select';

export interface AppSettingDefinition {
  /** The key below `svc:` in the config file. */
  key: string;
  category: AppSettingCategory;
  title: string;
  description: string;
  input: AppSettingInput;
  /** For `select`: the values the schema accepts. */
  options?: readonly string[];
  /** The running instances read it at start only: a saved value applies after their restart. */
  requiresRestart?: boolean;
}

export const APP_SETTINGS = [
  {
    key: 'api.timeoutMs',
    category: 'api',
    title: 'Request time-out (ms)',
    description: 'Time budget of one call to a managed API, login and retry included.',
    input: 'number',
  },
  {
    key: 'indexer.alertsIndexPattern',
    category: 'alerts',
    title: 'Alerts index pattern',
    description: 'The index pattern Threat Hunting and the modules read alerts from by default.',
    input: 'text',
  },
  {
    key: 'alerts.selectableIndexPatterns',
    category: 'alerts',
    title: 'Index patterns users may choose',
    description:
      'Other alert index patterns users may pick on Threat Hunting and the modules, besides the default one.',
    input: 'text-list',
  },
  {
    key: 'alerts.hideManagerAlerts',
    category: 'alerts',
    title: 'Hide manager alerts',
    description: "Leave the manager's own alerts (agent 000) out of every alerts view and report.",
    input: 'boolean',
  },
  {
    key: 'csv.maxRows',
    category: 'csv',
    title: 'Most rows of a managed-API export',
    description:
      'Rows of one CSV export of agents, rules and other managed-API lists; 0: no limit.',
    input: 'number',
  },
  {
    key: 'indexer.csvMaxRows',
    category: 'csv',
    title: 'Most rows of an alerts export',
    description: 'Rows of one CSV export of alerts.',
    input: 'number',
  },
  {
    key: 'jobs.apiCheckEnabled',
    category: 'jobs',
    title: 'Check API hosts in the background',
    description: 'Whether the stored API hosts are checked on schedule (reachable, logged in).',
    input: 'boolean',
  },
  {
    key: 'jobs.apiCheckSchedule',
    category: 'jobs',
    title: 'API host checks',
    description: 'When the stored API hosts are checked.',
    input: 'text',
    requiresRestart: true,
  },
  {
    key: 'jobs.queueSchedule',
    category: 'jobs',
    title: 'Queued requests',
    description: 'When due queued requests are sent.',
    input: 'text',
    requiresRestart: true,
  },
  {
    key: 'jobs.reportSweepSchedule',
    category: 'jobs',
    title: 'Report jobs sweep',
    description: 'When report jobs of a stopped instance are failed and old ones forgotten.',
    input: 'text',
    requiresRestart: true,
  },
  {
    key: 'jobs.statistics.enabled',
    category: 'jobs',
    title: "Collect the managers' statistics",
    description: "Whether remoted's and analysisd's statistics are written to wazuh-statistics-*.",
    input: 'boolean',
    requiresRestart: true,
  },
  {
    key: 'jobs.statistics.schedule',
    category: 'jobs',
    title: 'Statistics collection',
    description: 'When the statistics job reads the managers and writes their figures.',
    input: 'text',
    requiresRestart: true,
  },
  {
    key: 'jobs.monitoring.enabled',
    category: 'jobs',
    title: "Record agents' status",
    description: "Whether every agent's status is written to wazuh-monitoring-* for its history.",
    input: 'boolean',
    requiresRestart: true,
  },
  {
    key: 'jobs.monitoring.schedule',
    category: 'jobs',
    title: 'Agents status recording',
    description: "When the monitoring job writes every agent's status.",
    input: 'text',
    requiresRestart: true,
  },
  {
    key: 'enrollment.address',
    category: 'enrollment',
    title: 'Enrollment address',
    description:
      'The manager address new agents enroll with (host name or IP); empty: the API host address.',
    input: 'text',
  },
  {
    key: 'reports.headerText',
    category: 'reports',
    title: 'Report header',
    description: 'Text on top of every page of a PDF report, beside the logo.',
    input: 'text',
  },
  {
    key: 'reports.footerText',
    category: 'reports',
    title: 'Report footer',
    description: 'Text at the bottom of every page of a PDF report.',
    input: 'text',
  },
  {
    key: 'healthCheck.apiVersionMatch',
    category: 'health',
    title: 'API version compatibility',
    description:
      'How much of the managed API version must match the version the dashboard is built for: major and minor (as the original), major only, or none.',
    input: 'select',
    options: ['minor', 'major', 'none'],
  },
] as const satisfies readonly AppSettingDefinition[];

export type AppSettingKey = (typeof APP_SETTINGS)[number]['key'];

export type AppSettingValue = string | number | boolean | string[] | null;

/** One setting as `GET /api/app-settings` answers it. */
export interface AppSettingState {
  key: AppSettingKey;
  /** What the running services use: the saved value, else the file's. */
  value: AppSettingValue;
  /** The config file's value (its default when the file sets none): what a reset returns to. */
  fileValue: AppSettingValue;
  /** The schema's default. */
  defaultValue: AppSettingValue;
  /** True when a saved value overrides the file. */
  saved: boolean;
}

/** One change, kept in the saved settings' history. */
export interface AppSettingChange {
  key: AppSettingKey | 'logo';
  /** Absent when the file's value (or no logo) was in force. */
  from?: AppSettingValue;
  /** Absent for a reset to the file's value (or a removed logo). */
  to?: AppSettingValue;
  user: string;
  at: string;
}

export interface AppSettingsAnswer {
  settings: AppSettingState[];
  /** The saved settings' version, sent back with a change; absent while nothing is saved. */
  version?: string;
  logo?: AppLogoInfo;
  /** The latest changes first. */
  history: AppSettingChange[];
  /** Largest logo accepted (bytes). */
  maxLogoBytes: number;
}

export interface AppLogoInfo {
  contentType: 'image/png' | 'image/svg+xml';
  /** Changes with the image: part of its URL so browsers never show a stale one. */
  sha256: string;
  size: number;
}

/** The alerts index patterns users may choose: the configured one first, then the others allowed. */
export function selectableAlertsIndexPatterns(
  configured: string,
  allowed: readonly string[],
): string[] {
  return [...new Set([configured, ...allowed])];
}

/** What every signed-in user's browser needs of the app settings. */
export interface PublicAppSettings {
  alertsIndexPattern: string;
  /** The default pattern first, then the others an administrator allowed. */
  selectableAlertsIndexPatterns: string[];
  logo?: AppLogoInfo;
}

export const APP_SETTINGS_ROUTES = {
  settings: '/api/app-settings',
  public: '/api/app-settings/public',
  logo: '/api/app-settings/logo',
} as const;
