export { overallStatus, registerStatusRoute } from './status-route';
export type { ServiceState, ServiceStatus, StatusBody, StatusSources } from './status-route';
