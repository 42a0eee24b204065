/**
 * MITRE ATT&CK's catalogue as the managed API serves it (`GET /mitre/tactics`, `/mitre/techniques`),
 * joined with the alert counts of the Framework tab's two terms charts.
 */
import type { AlertsChartResult } from '../../../common/alerts/api';

export interface MitreTactic {
  id: string;
  external_id: string;
  name: string;
  description?: string;
}

export interface MitreTechnique {
  id: string;
  external_id: string;
  name: string;
  description?: string;
  url?: string;
  /** Internal ids of its tactics. */
  tactics: string[];
}

export interface FrameworkTactic {
  tactic: MitreTactic;
  count: number;
  techniques: Array<{ technique: MitreTechnique; count: number }>;
}

function countsOf(result: AlertsChartResult | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  if (result && 'buckets' in result)
    for (const bucket of result.buckets) counts.set(String(bucket.key), bucket.count);
  return counts;
}

/**
 * A technique's alerts include those of its sub-techniques (`T1565.001` counts for `T1565`), as
 * rules name the most precise one the catalogue may not list.
 */
function techniqueCount(externalId: string, counts: Map<string, number>): number {
  let total = 0;
  for (const [key, count] of counts)
    if (key === externalId || key.startsWith(`${externalId}.`)) total += count;
  return total;
}

/** Tactics in catalogue order, each with its techniques, most alerted first. */
export function frameworkTactics(
  tactics: MitreTactic[],
  techniques: MitreTechnique[],
  tacticCounts: AlertsChartResult | undefined,
  techniqueCounts: AlertsChartResult | undefined,
): FrameworkTactic[] {
  const byTactic = countsOf(tacticCounts);
  const byTechnique = countsOf(techniqueCounts);
  return tactics.map((tactic) => ({
    tactic,
    // Alerts name tactics by name (`Credential Access`).
    count: byTactic.get(tactic.name) ?? 0,
    techniques: techniques
      .filter((technique) => technique.tactics.includes(tactic.id))
      .map((technique) => ({
        technique,
        count: techniqueCount(technique.external_id, byTechnique),
      }))
      .sort((a, b) => b.count - a.count || a.technique.name.localeCompare(b.technique.name)),
  }));
}
