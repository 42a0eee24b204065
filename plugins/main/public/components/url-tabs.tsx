import { EuiSpacer, EuiTab, EuiTabs } from '@elastic/eui';
import type { ReactNode } from 'react';
import { useAppUrlState } from './app-url-state';

export interface UrlTab<Id extends string> {
  id: Id;
  name: string;
}

/**
 * Tabs kept in the URL's `tab` parameter (absent for the first tab), so a copied link and
 * back/forward land on the same tab: the selected id and the tab bar to render above its content.
 */
export function useUrlTabs<Id extends string>(
  tabs: readonly [UrlTab<Id>, ...UrlTab<Id>[]],
  testSubjPrefix: string,
): { tab: Id; tabBar: ReactNode } {
  const { params, setParams } = useAppUrlState();
  const first = tabs[0].id;
  const tab = tabs.find((entry) => entry.id === params.get('tab'))?.id ?? first;
  const tabBar = (
    <>
      <EuiTabs>
        {tabs.map((entry) => (
          <EuiTab
            key={entry.id}
            isSelected={tab === entry.id}
            onClick={() =>
              setParams({ tab: entry.id === first ? undefined : entry.id }, { push: true })
            }
            data-test-subj={`${testSubjPrefix}-${entry.id}`}
          >
            {entry.name}
          </EuiTab>
        ))}
      </EuiTabs>
      <EuiSpacer />
    </>
  );
  return { tab, tabBar };
}
