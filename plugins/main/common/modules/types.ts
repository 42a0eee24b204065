/**
 * What a security module is, as data: which alerts it selects, how its Events table starts, which
 * tabs it has and what its dashboard and report show. One renderer in the browser and one on the
 * server (the PDF report) draw every module from these definitions.
 */
import type { AlertsChartRequest, AlertsFilter } from '../alerts/api';
import type { AlertsDatasetId } from '../alerts/datasets';

type ModuleCategoryId =
  'endpoint-security' | 'threat-intelligence' | 'security-operations' | 'cloud-security';

export interface ModuleCategory {
  id: ModuleCategoryId;
  title: string;
  /** Categories show in this order on the Overview. */
  order: number;
}

/**
 * A module page's tabs. `inventory` (integrity, configuration assessment, vulnerabilities),
 * `framework` (MITRE ATT&CK's tactics and techniques) and `controls` (a compliance standard's
 * requirements) read more than the module's alerts.
 */
export type ModuleTabId = 'dashboard' | 'events' | 'inventory' | 'framework' | 'controls';

export interface ModuleTab {
  id: ModuleTabId;
  title: string;
}

/** How a panel draws its chart's answer. */
export type PanelKind =
  'bar' | 'horizontal_bar' | 'area' | 'line' | 'pie' | 'donut' | 'table' | 'metric';

/**
 * One panel of a dashboard or report. The chart's field (and its split's) is what a click on a bar
 * or a slice filters on; `chart.id` is unique among the charts sent together.
 */
export interface ModulePanel {
  title: string;
  kind: PanelKind;
  chart: AlertsChartRequest;
  /** Column headers of a table panel: the field's, the split's when there is one, then the count's. */
  columns?: string[];
}

/**
 * A figure above the panels: the chart's total (`count`) or its only bucket (`filters` or `range`
 * with one key).
 */
export interface ModuleKpi {
  title: string;
  chart: AlertsChartRequest;
  /** How the figure is coloured, as EUI names its colours. */
  color?: 'default' | 'primary' | 'success' | 'warning' | 'danger';
}

/**
 * The dataset a dashboard reads: the module's alerts, or (vulnerability detection) the
 * vulnerability states, one document per agent, package and vulnerability, which have no time range.
 */
type DashboardSource = Extract<AlertsDatasetId, 'alerts' | 'vulnerabilities'>;

interface ModuleDashboard {
  source: DashboardSource;
  kpis: ModuleKpi[];
  panels: ModulePanel[];
  /** The panels when an agent is pinned (the agent breakdowns give way to the agent's own details). */
  agentPanels: ModulePanel[];
}

/** A table of the report after the panels, drawn from a terms chart (with an optional split). */
export interface SummaryTable {
  title: string;
  chart: Extract<AlertsChartRequest, { type: 'terms' }>;
  /** Headers: the field's, the split's when there is one, then the count's. */
  columns: string[];
}

/** A view of alerts that can be drawn and reported: a module, or an agent's Security events. */
export interface AlertsViewDefinition {
  id: string;
  title: string;
  description: string;
  /** Filters every query of the view carries; shown as locked pills. */
  fixedFilters: AlertsFilter[];
  dashboard: ModuleDashboard;
  /** The report's tables after the panels. */
  summaryTables: SummaryTable[];
}

/** A compliance standard's Controls tab: each requirement with its alerts and its top rules. */
interface ComplianceControls {
  /** The alert field holding the standard's requirement ids (`rule.pci_dss`). */
  field: string;
  standard: string;
  chart: Extract<AlertsChartRequest, { type: 'terms' }>;
}

/** MITRE ATT&CK's Framework tab: alert counts per tactic and per technique, merged with the catalogue. */
interface MitreFramework {
  tactics: Extract<AlertsChartRequest, { type: 'terms' }>;
  techniques: Extract<AlertsChartRequest, { type: 'terms' }>;
}

export interface ModuleDefinition extends AlertsViewDefinition {
  category: ModuleCategoryId;
  /** Order within its category. */
  order: number;
  /** The Events table's default columns. */
  columns: string[];
  tabs: ModuleTab[];
  controls?: ComplianceControls;
  framework?: MitreFramework;
}
