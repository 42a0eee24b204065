/** Sample alerts of the simulator's own agents put in the indexer stand-in, and the admin's way into an app. */
import type { Page } from 'playwright-core';
import type { AlertsSampleDataCategory } from '../../../plugins/main/common/alerts/api';
import {
  generateSampleAlerts,
  type SampleAlert,
} from '../../../plugins/main/server/services/alerts/sample-data/generator';
import { loginThroughUi, waitForApp } from './browser';
import type { E2eEnvironment } from './environment';

const E2E_ALERTS_INDEX = 'wazuh-alerts-4.x-e2e';

export interface ListedAgent {
  id: string;
  name: string;
  ip?: string;
  manager?: string;
}

/** Agents (and the manager's name, which pins every alerts query) as the API lists them. */
export async function listAgents(env: E2eEnvironment, query: string): Promise<ListedAgent[]> {
  const admin = await env.dashboard.login();
  const response = await admin.post('/api/request', {
    body: { id: env.apiHostId, method: 'GET', path: `/agents?${query}` },
  });
  return response.json<{ data: { affected_items: ListedAgent[] } }>().data.affected_items;
}

export interface AlertsBatch {
  category: AlertsSampleDataCategory;
  count: number;
  seed: number;
}

/**
 * Generates the batches' alerts over the agents the API lists (the manager aside), ending a minute
 * ago and spanning `rangeMs`, and indexes them in the stand-in's e2e alerts index.
 */
export async function indexSampleAlerts(
  env: E2eEnvironment,
  batches: AlertsBatch[],
  rangeMs: number,
): Promise<{ alerts: SampleAlert[]; agents: ListedAgent[]; manager: string }> {
  const [managerAgent] = await listAgents(env, 'agents_list=000');
  const agents = (await listAgents(env, 'limit=100')).filter((agent) => agent.id !== '000');
  const manager = managerAgent.manager as string;
  const context = {
    agents: agents.map(({ id, name, ip }) => ({ id, name, ip: ip ?? '10.0.0.1' })),
    manager,
    // sleep-ok: a date stamp, not a wait: the alerts end a minute ago, inside the view's range
    now: Date.now() - 60_000,
    rangeMs,
  };
  const alerts = batches.flatMap(({ category, count, seed }) =>
    generateSampleAlerts(category, count, { ...context, seed }),
  );
  for (const [index, alert] of alerts.entries())
    env.indexer!.index(E2E_ALERTS_INDEX, alert, `e2e-${index}`);
  return { alerts, agents, manager };
}

/** Logs the admin in through the login page straight to `path` (`/app/<id>…`) and waits for that app. */
export async function openAppAsAdmin(page: Page, env: E2eEnvironment, path: string): Promise<void> {
  await loginThroughUi(page, env.dashboard.url, 'admin', env.dashboard.adminPassword, path);
  await waitForApp(page, path.split(/[/?]/)[2]);
}
