export { overallStatus, registerStatusRoute } from './status_route';
export type { ServiceState, ServiceStatus, StatusBody, StatusSources } from './status_route';
