/**
 * The simulator's built-in API users. Tests, benchmarks and the demo mode log in with these.
 * `wazuh` and `wazuh-wui` mirror the managed API's default users (administrator role, both allowed to use
 * run_as); `wazuh-readonly` holds the default `readonly` role and may not use run_as.
 */
export interface SimulatorCredentials {
  readonly username: string;
  readonly password: string;
}

export const ADMIN_USER: SimulatorCredentials = { username: 'wazuh', password: 'wazuh' };
export const RUN_AS_USER: SimulatorCredentials = { username: 'wazuh-wui', password: 'wazuh-wui' };
export const READONLY_USER: SimulatorCredentials = {
  username: 'wazuh-readonly',
  password: 'Readonly.2025',
};
