/** Colours of the svc charts, chosen once at setup so every chart and badge agrees. */
import { euiPaletteColorBlind, euiPaletteForStatus, euiPaletteGray } from '@elastic/eui';
import type { AgentStatus } from '../services/managed-api-types';

export interface ChartPalette {
  /** Series colours for charts without a meaning per value (colour-blind safe). */
  series: string[];
  agentStatus: Record<AgentStatus, string>;
}

export function createChartPalette(): ChartPalette {
  // Connected is good, gone is bad, waiting is amber; agents that never connected are neither, so grey.
  const [good, , , bad] = euiPaletteForStatus(4);
  const series = euiPaletteColorBlind();
  const amber = series[8];
  return {
    series,
    agentStatus: {
      active: good,
      pending: amber,
      disconnected: bad,
      never_connected: euiPaletteGray(5)[1],
    },
  };
}
