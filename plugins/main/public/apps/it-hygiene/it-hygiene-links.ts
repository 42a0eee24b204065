/**
 * IT Hygiene's URL: `?tab=<tab>&view=<view>` (the first view of a tab left out) and the agent pin
 * `agent=<id>`. Changing the tab or the view starts a new selection: each view reads another
 * index, whose fields the previous query and filters may not have.
 */
import { alertsViewParams } from '../../components/alerts/state/alerts-view-state';

export const IT_HYGIENE_APP_ID = 'svc-it-hygiene';
export const TAB_PARAM = 'tab';
export const VIEW_PARAM = 'view';

export function itHygieneParams(
  tabId: string,
  viewId?: string,
): Record<string, string | undefined> {
  return {
    [TAB_PARAM]: tabId === 'dashboard' ? undefined : tabId,
    [VIEW_PARAM]: viewId,
    ...alertsViewParams({ query: { language: 'kuery', query: '' }, filters: [] }),
    sort: undefined,
  };
}
