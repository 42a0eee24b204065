import {
  EuiBadge,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormControlLayout,
  EuiPageTemplate,
  EuiSelect,
} from '@elastic/eui';
import type { ReactNode } from 'react';
import { useSelectedHost } from './selected-host';

/** Picks the managed-API host the app works with; the choice goes to the URL. */
function HostSelector() {
  const { hosts, host, select } = useSelectedHost();
  const list = hosts.data ?? [];
  if (list.length === 0) return null;
  return (
    <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false}>
      <EuiFlexItem grow={false}>
        <EuiFormControlLayout prepend="API host" compressed>
          <EuiSelect
            compressed
            aria-label="API host"
            data-test-subj="svcHostSelector"
            value={host?.id ?? ''}
            options={[
              ...(host ? [] : [{ value: '', text: 'Choose a host' }]),
              ...list.map((entry) => ({
                value: entry.id,
                text: `${entry.id} (${entry.url}:${entry.port})`,
              })),
            ]}
            onChange={(event) => select(event.target.value)}
          />
        </EuiFormControlLayout>
      </EuiFlexItem>
      {host?.demo && (
        <EuiFlexItem grow={false}>
          <EuiBadge color="accent">demo</EuiBadge>
        </EuiFlexItem>
      )}
    </EuiFlexGroup>
  );
}

export function Page({
  title,
  description,
  testSubj,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  testSubj: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <EuiPageTemplate panelled restrictWidth={false} data-test-subj={testSubj}>
      <EuiPageTemplate.Header
        pageTitle={title}
        description={description}
        rightSideItems={[<HostSelector key="host" />, ...(actions ? [actions] : [])]}
      />
      <EuiPageTemplate.Section>{children}</EuiPageTemplate.Section>
    </EuiPageTemplate>
  );
}
