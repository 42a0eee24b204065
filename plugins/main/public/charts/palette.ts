/**
 * Colours with a meaning per value (an agent's status), chosen once at setup so every chart and
 * badge agrees. Series colours without a meaning are the chart model's (common/charts), which the
 * reports share.
 */
import { euiPaletteForStatus, euiPaletteGray } from '@elastic/eui';
import { CHART_PALETTE } from '../../common/charts/chart-model';
import type { AgentStatus } from '../services/managed-api-types';

export interface ChartPalette {
  agentStatus: Record<AgentStatus, string>;
}

export function createChartPalette(): ChartPalette {
  // Connected is good, gone is bad, waiting is amber; agents that never connected are neither, so grey.
  const [good, , , bad] = euiPaletteForStatus(4);
  return {
    agentStatus: {
      active: good,
      pending: CHART_PALETTE[8],
      disconnected: bad,
      never_connected: euiPaletteGray(5)[1],
    },
  };
}
