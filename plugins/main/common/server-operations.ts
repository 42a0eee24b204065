/**
 * What the Server app's configuration editor, restart and agent deployment exchange with the
 * dashboard's own routes (`/api/server/*`): the manager's ossec.conf, the managed API's check of it,
 * a restart and the wait for the manager to answer again, and the enrollment settings.
 */

export const SERVER_ROUTES = {
  configuration: '/api/server/configuration',
  validation: '/api/server/configuration/validation',
  restart: '/api/server/restart',
  readiness: '/api/server/readiness',
  enrollment: '/api/server/enrollment',
} as const;

/** How often the browser asks whether a restarted manager answers again (the original asks every 2 s). */
export const READINESS_POLL_MS = 2_000;

/** One message of the managed API about a node's file, with the line it names when it names one. */
export interface ConfigurationProblem {
  node: string;
  /** The managed API's error code: 1113 (the file does not parse), 1908 (its check failed)… */
  code: number;
  message: string;
  line?: number;
}

/** The managed API's check of one node's configuration (`wazuh-analysisd -t`). */
export interface NodeValidation {
  node: string;
  ok: boolean;
  /** One entry a message of the check, in the order it wrote them. */
  problems: ConfigurationProblem[];
}

/** The text of the last configuration applied from the dashboard, and the one it replaced. */
export interface AppliedConfiguration {
  appliedText: string;
  /** The file as it was before that change: what "Restore" brings back into the editor. */
  previousText: string;
  appliedAt: string;
  appliedBy: string;
}

export interface ConfigurationFile {
  /** The node whose file it is; undefined for a manager that runs alone. */
  node?: string;
  text: string;
  lastApplied?: AppliedConfiguration;
}

export interface ApplyOutcome {
  /** The check run right after the file was stored, node by node. */
  validation: NodeValidation[];
}

/** What a refusal's `attributes` carry (code `configuration_refused` or `configuration_invalid`). */
export interface ConfigurationRefusalAttributes {
  code: 'configuration_refused' | 'configuration_invalid';
  problems: ConfigurationProblem[];
}

export interface RestartOutcome {
  /** The nodes the managed API restarts (the manager's own name when it runs alone). */
  nodes: string[];
  /** Until when the browser waits for them to answer again (ISO 8601): `svc.server.restartWaitSeconds`. */
  waitUntil: string;
}

export interface NodeReadiness {
  node: string;
  ready: boolean;
  /** Why not yet: the managed API's message (daemons restarting, not reachable). */
  detail?: string;
}

export interface Readiness {
  ready: boolean;
  nodes: NodeReadiness[];
}

export interface EnrollmentSettings {
  /** `svc.enrollment.address`, when set: the default server address of new agents. */
  address?: string;
  /** The manager's `auth.use_password`. */
  passwordRequired: boolean;
  /** The enrollment password, when one is required and the user may read it. */
  password?: string;
}
