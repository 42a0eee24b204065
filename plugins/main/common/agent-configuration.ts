/** Components of an agent's active configuration and the sections each one has (`GET /agents/{id}/config/{component}/{configuration}`). */
export const AGENT_CONFIGURATION_SECTIONS: ReadonlyArray<{
  component: string;
  configuration: string;
  label: string;
}> = [
  { component: 'agent', configuration: 'client', label: 'Client (manager connection)' },
  { component: 'agent', configuration: 'buffer', label: 'Client buffer' },
  { component: 'agent', configuration: 'labels', label: 'Labels' },
  { component: 'logcollector', configuration: 'localfile', label: 'Log collection' },
  { component: 'syscheck', configuration: 'syscheck', label: 'File integrity monitoring' },
  { component: 'syscheck', configuration: 'rootcheck', label: 'Policy monitoring (rootcheck)' },
  { component: 'wmodules', configuration: 'wmodules', label: 'Modules (syscollector, SCA, …)' },
  { component: 'com', configuration: 'active-response', label: 'Active response' },
  { component: 'com', configuration: 'logging', label: 'Logging' },
];
