/**
 * Helpers for browser tests (`test/e2e/*.e2e.ts`):
 *
 *   const env = await startE2eEnvironment({ apiHost: true });   // bundles built if stale, dashboard + simulator
 *   const browser = await launchBrowser();
 *   const { page } = await newPage(browser);
 *   await loginThroughUi(page, env.dashboard.url, 'admin', env.dashboard.adminPassword);
 *   await waitForApp(page, 'svc-agents');
 *   await screenshot(page, 'agents');
 */
export { ensureBrowserBundles } from './browser-bundles';
export {
  indexerAuthorization,
  startE2eEnvironment,
  storeApiHost,
  type E2eEnvironment,
} from './environment';
export {
  keepDocsScreenshot,
  launchBrowser,
  loginThroughUi,
  newPage,
  pageErrors,
  screenshot,
  submitLogin,
  testSubj,
  waitForApp,
  waitForFocus,
} from './browser';
export { indexSampleAlerts, listAgents, openAppAsAdmin, type ListedAgent } from './seeded-alerts';
