/**
 * MITRE ATT&CK's Framework tab: every tactic of the managed API's catalogue with its techniques,
 * each with its alert count over the page's selection (one aggregate request for both levels); a
 * technique opens its description and its alerts.
 */
import {
  EuiBadge,
  EuiButtonEmpty,
  EuiFlexGrid,
  EuiFlexItem,
  EuiFlyout,
  EuiFlyoutBody,
  EuiFlyoutHeader,
  EuiLink,
  EuiPanel,
  EuiSpacer,
  EuiSwitch,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { useCallback, useMemo, useState } from 'react';
import type { AlertsFilter, AlertsSelection, AlertsSort } from '../../../common/alerts/api';
import type { ModuleDefinition } from '../../../common/modules/types';
import { AlertsEvents } from '../../components/alerts/table/alerts-events';
import { AlertsProblem } from '../../components/alerts/notices/alerts-problem';
import { useAlertsClient } from '../../components/alerts/state/use-alerts-client';
import { useAlertsPage } from '../../components/alerts/state/use-alerts-page';
import type { AlertsFields } from '../../components/alerts/state/use-alerts-view';
import { DEFAULT_SORT } from '../../components/alerts/state/events-url-state';
import { DEFAULT_PAGE_SIZE } from '../../components/alerts/table/events-paging';
import { ErrorPrompt } from '../../components/error-prompt';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import { frameworkTactics, type MitreTactic, type MitreTechnique } from './mitre-catalogue';

/** The catalogue's size is bounded (14 tactics, a few hundred techniques): one page each. */
const CATALOGUE_LIMIT = 500;

interface Opened {
  technique: MitreTechnique;
  /** The alerts' technique ids it stands for (itself and its sub-techniques). */
  ids: string[];
}

function useCatalogue(apiHostId: string) {
  const { api } = useSvcServices();
  const load = useCallback(
    async (signal: AbortSignal) => {
      const [tactics, techniques] = await Promise.all([
        api.list<MitreTactic>({
          apiHostId,
          path: '/mitre/tactics',
          query: { limit: CATALOGUE_LIMIT },
          signal,
          action: 'mitre:read',
        }),
        api.list<MitreTechnique>({
          apiHostId,
          path: '/mitre/techniques',
          query: { limit: CATALOGUE_LIMIT },
          signal,
          action: 'mitre:read',
        }),
      ]);
      return { tactics: tactics.items, techniques: techniques.items };
    },
    [api, apiHostId],
  );
  return useAsync(load, 'Reading the MITRE ATT&CK catalogue', 'mitre:read', { shownInPlace: true });
}

export function MitreFramework({
  module,
  selection,
  fields,
  onFilter,
  onExists,
}: {
  module: ModuleDefinition;
  selection: AlertsSelection;
  fields: AlertsFields;
  onFilter(field: string, value: string | number | boolean, negate: boolean): void;
  onExists(field: string): void;
}) {
  const alerts = useAlertsClient();
  const framework = module.framework!;
  const catalogue = useCatalogue(selection.apiHostId);
  const loadCounts = useCallback(
    (signal: AbortSignal) =>
      alerts.aggregate({ ...selection, charts: [framework.tactics, framework.techniques] }, signal),
    [alerts, selection, framework],
  );
  const counts = useAsync(loadCounts, 'Counting alerts by tactic and technique', undefined, {
    shownInPlace: true,
  });
  const [onlyAlerted, setOnlyAlerted] = useState(false);
  const [opened, setOpened] = useState<Opened>();

  const tactics = useMemo(
    () =>
      catalogue.state.data
        ? frameworkTactics(
            catalogue.state.data.tactics,
            catalogue.state.data.techniques,
            counts.state.data?.charts[framework.tactics.id],
            counts.state.data?.charts[framework.techniques.id],
          )
        : [],
    [catalogue.state.data, counts.state.data, framework],
  );

  const open = (technique: MitreTechnique) => {
    const chart = counts.state.data?.charts[framework.techniques.id];
    const keys =
      chart && 'buckets' in chart ? chart.buckets.map((bucket) => String(bucket.key)) : [];
    const ids = [
      technique.external_id,
      ...keys.filter((key) => key.startsWith(`${technique.external_id}.`)),
    ];
    setOpened({ technique, ids });
  };

  if (catalogue.state.error)
    return <ErrorPrompt error={catalogue.state.error} onRetry={catalogue.reload} />;
  return (
    <div data-test-subj="mitreFramework">
      {counts.state.error && (
        <>
          <AlertsProblem error={counts.state.error} onRetry={counts.reload} />
          <EuiSpacer size="m" />
        </>
      )}
      <EuiSwitch
        label="Only techniques with alerts"
        checked={onlyAlerted}
        onChange={(event) => setOnlyAlerted(event.target.checked)}
        data-test-subj="mitreOnlyAlerted"
      />
      <EuiSpacer size="m" />
      <EuiFlexGrid columns={4} gutterSize="s">
        {tactics.map(({ tactic, count, techniques }) => (
          <EuiFlexItem key={tactic.id}>
            <EuiPanel
              hasBorder
              paddingSize="s"
              data-test-subj={`mitreTactic-${tactic.external_id}`}
            >
              <EuiTitle size="xxs">
                <h3>
                  {tactic.name}{' '}
                  <EuiBadge
                    color={count > 0 ? 'primary' : 'hollow'}
                    data-test-subj="mitreTacticCount"
                  >
                    {count.toLocaleString('en-US')}
                  </EuiBadge>
                </h3>
              </EuiTitle>
              <EuiSpacer size="xs" />
              {techniques
                .filter((entry) => !onlyAlerted || entry.count > 0)
                .map(({ technique, count: alertsCount }) => (
                  <EuiButtonEmpty
                    key={technique.id}
                    size="xs"
                    flush="left"
                    color={alertsCount > 0 ? 'primary' : 'text'}
                    onClick={() => open(technique)}
                    data-test-subj={`mitreTechnique-${technique.external_id}`}
                    style={{ display: 'flex', width: '100%' }}
                  >
                    {technique.external_id} {technique.name} ({alertsCount.toLocaleString('en-US')})
                  </EuiButtonEmpty>
                ))}
            </EuiPanel>
          </EuiFlexItem>
        ))}
      </EuiFlexGrid>
      {opened && (
        <TechniqueFlyout
          opened={opened}
          selection={selection}
          columns={module.columns}
          fields={fields}
          onFilter={onFilter}
          onExists={onExists}
          onClose={() => setOpened(undefined)}
        />
      )}
    </div>
  );
}

function TechniqueFlyout({
  opened,
  selection,
  columns,
  fields,
  onFilter,
  onExists,
  onClose,
}: {
  opened: Opened;
  selection: AlertsSelection;
  columns: string[];
  fields: AlertsFields;
  onFilter(field: string, value: string | number | boolean, negate: boolean): void;
  onExists(field: string): void;
  onClose(): void;
}) {
  const { technique, ids } = opened;
  // `opened` is set once per click, so the selection stays the same while the flyout is open.
  const techniqueSelection = useMemo(() => {
    const filter: AlertsFilter = { type: 'is_one_of', field: 'rule.mitre.id', values: ids };
    return { ...selection, filters: [...(selection.filters ?? []), filter] };
  }, [selection, ids]);
  const [sort, setSort] = useState<AlertsSort[]>(DEFAULT_SORT);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const page = useAlertsPage(
    { selection: techniqueSelection, sort, size, histogram: true },
    `Searching the alerts of ${technique.external_id}`,
  );
  return (
    <EuiFlyout
      onClose={onClose}
      size="l"
      data-test-subj="mitreTechniqueFlyout"
      aria-labelledby="mitreTechniqueTitle"
    >
      <EuiFlyoutHeader hasBorder>
        <EuiTitle size="m">
          <h2 id="mitreTechniqueTitle">
            {technique.external_id} {technique.name}
          </h2>
        </EuiTitle>
      </EuiFlyoutHeader>
      <EuiFlyoutBody>
        <EuiText size="s" data-test-subj="mitreTechniqueDescription">
          <p>{technique.description}</p>
          {technique.url && (
            <p>
              <EuiLink href={technique.url} target="_blank" external>
                {technique.url}
              </EuiLink>
            </p>
          )}
        </EuiText>
        <EuiSpacer />
        <EuiTitle size="xs">
          <h3>Alerts</h3>
        </EuiTitle>
        <EuiSpacer size="s" />
        <AlertsEvents
          selection={techniqueSelection}
          page={page}
          columns={columns}
          layoutKey="svc:modules:mitre-technique:table"
          fieldNames={fields.names}
          sortableFields={fields.sortable}
          sort={sort}
          size={size}
          onSortChange={setSort}
          onSizeChange={setSize}
          onFilter={onFilter}
          onExists={onExists}
        />
      </EuiFlyoutBody>
    </EuiFlyout>
  );
}
