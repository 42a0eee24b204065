import type { AgentStatus } from '../../services/managed-api-types';

export const AGENT_STATUS_LABELS: Record<AgentStatus, string> = {
  active: 'Active',
  disconnected: 'Disconnected',
  pending: 'Pending',
  never_connected: 'Never connected',
};
