export { registerStatusRoute } from './status-route';
