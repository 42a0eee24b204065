/** Colours of the svc charts, chosen once at setup so every chart and badge agrees. */
import { euiPaletteColorBlind } from '@elastic/eui';
import type { AgentStatus } from '../services/managed-api-types';

export interface ChartPalette {
  /** Series colours for charts without a meaning per value (colour-blind safe). */
  series: string[];
  agentStatus: Record<AgentStatus, string>;
}

export function createChartPalette(): ChartPalette {
  const series = euiPaletteColorBlind();
  return {
    series,
    agentStatus: {
      active: series[0],
      disconnected: series[9],
      pending: series[5],
      never_connected: '#98A2B3',
    },
  };
}
