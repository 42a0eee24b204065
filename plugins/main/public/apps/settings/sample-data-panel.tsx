/**
 * Settings → Sample data: a card per category with its state, and (administrators only) adding or
 * removing its sample alerts on the indexer.
 */
import {
  EuiBadge,
  EuiButton,
  EuiCallOut,
  EuiCard,
  EuiFlexGrid,
  EuiFlexGroup,
  EuiFlexItem,
  EuiProgress,
  EuiSkeletonText,
  EuiSpacer,
  EuiText,
} from '@elastic/eui';
import { useCallback, useState } from 'react';
import {
  SAMPLE_DATA_CATEGORIES,
  type SampleDataCategory,
  type SampleDataStatus,
} from '../../../common/alerts/api';
import { ADMIN_ROLE } from '../../../common/constants';
import {
  IndexerCallout,
  indexerProblemOf,
  type IndexerProblem,
} from '../../components/alerts/notices/indexer-callout';
import { useSelectedHost } from '../../components/selected-host';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import { isAbortError, toSvcError, type SvcError } from '../../services/svc-error';
import { addSampleData, listSampleData, removeSampleData } from './sample-data-client';

type Category = (typeof SAMPLE_DATA_CATEGORIES)[number];
type Running = 'adding' | 'removing';

/** What each category holds, in the shapes of the original's sample data. */
const CATEGORY_CONTENT: Record<SampleDataCategory, string> = {
  security:
    'Authentication, file integrity monitoring, web server, cloud (AWS, Azure, Google Cloud, Office 365, GitHub) and Windows service alerts.',
  'auditing-policy-monitoring':
    'Rootcheck, system auditing, OpenSCAP, CIS-CAT, VirusTotal and YARA alerts.',
  'threat-detection': 'Vulnerability detection, osquery, Docker and MITRE ATT&CK alerts.',
  'wazuh-inventory-agent':
    "Each agent's operating system, hardware, packages, hotfixes, browser extensions, network interfaces, addresses, protocols, ports, processes, users, groups and services.",
  'wazuh-vulnerabilities':
    "The vulnerabilities found in each agent's packages, with their severity and score.",
};

type Listing =
  | { status: 'listed'; byCategory: Map<SampleDataCategory, SampleDataStatus> }
  | { status: 'problem'; problem: IndexerProblem };

async function loadListing(
  http: Parameters<typeof listSampleData>[0],
  signal: AbortSignal,
): Promise<Listing> {
  try {
    const items = await listSampleData(http, signal);
    return { status: 'listed', byCategory: new Map(items.map((item) => [item.category, item])) };
  } catch (error) {
    if (isAbortError(error)) throw error;
    return { status: 'problem', problem: indexerProblemOf(error) };
  }
}

function alertsCount(count: number): string {
  return `${count.toLocaleString()} alert${count === 1 ? '' : 's'}`;
}

function SampleDataCard({
  category,
  state,
  isAdmin,
  running,
  error,
  onAdd,
  onRemove,
}: {
  category: Category;
  state?: SampleDataStatus;
  isAdmin: boolean;
  running?: Running;
  error?: SvcError;
  onAdd(): void;
  onRemove(): void;
}) {
  const installed = state?.installed === true;
  return (
    <EuiCard
      data-test-subj={`sampleData-${category.id}`}
      title={category.title}
      titleSize="xs"
      textAlign="left"
      betaBadgeProps={
        installed
          ? { label: 'Installed', color: 'accent', 'data-test-subj': 'sampleDataInstalled' }
          : undefined
      }
      description={CATEGORY_CONTENT[category.id]}
      footer={
        isAdmin && (
          <EuiFlexGroup gutterSize="s" justifyContent="flexEnd" responsive={false}>
            <EuiFlexItem grow={false}>
              {installed ? (
                <EuiButton
                  size="s"
                  color="danger"
                  onClick={onRemove}
                  isLoading={running === 'removing'}
                  isDisabled={running !== undefined}
                  data-test-subj="sampleDataRemove"
                >
                  Remove data
                </EuiButton>
              ) : (
                <EuiButton
                  size="s"
                  fill
                  onClick={onAdd}
                  isLoading={running === 'adding'}
                  isDisabled={running !== undefined}
                  data-test-subj="sampleDataAdd"
                >
                  Add data
                </EuiButton>
              )}
            </EuiFlexItem>
          </EuiFlexGroup>
        )
      }
    >
      {running && (
        <EuiProgress
          size="xs"
          color={running === 'adding' ? 'primary' : 'danger'}
          data-test-subj="sampleDataProgress"
        />
      )}
      <EuiText size="s" data-test-subj="sampleDataCount">
        <p>
          {state === undefined ? (
            'Not known'
          ) : installed ? (
            <>
              {alertsCount(state.count)} in <code>{state.index}</code>
            </>
          ) : (
            <>
              Not installed <EuiBadge color="hollow">{state.index}</EuiBadge>
            </>
          )}
        </p>
      </EuiText>
      {error && (
        <EuiCallOut
          size="s"
          color="danger"
          iconType="error"
          title={error.title}
          data-test-subj="sampleDataError"
        >
          <p>
            {error.detail}
            {error.status !== undefined && <> — HTTP {error.status}</>}
          </p>
        </EuiCallOut>
      )}
    </EuiCard>
  );
}

/** Adding or removing one category: the card shows progress, then the result or the error. */
function useSampleDataActions(onDone: () => void) {
  const { core, errors } = useSvcServices();
  const { host } = useSelectedHost();
  const [running, setRunning] = useState<Partial<Record<SampleDataCategory, Running>>>({});
  const [failures, setFailures] = useState<Partial<Record<SampleDataCategory, SvcError>>>({});

  const run = async (category: Category, kind: Running) => {
    setRunning((current) => ({ ...current, [category.id]: kind }));
    setFailures((current) => ({ ...current, [category.id]: undefined }));
    try {
      if (kind === 'adding') {
        const added = await addSampleData(core.http, category.id, host!.id);
        core.notifications.toasts.addSuccess({
          title: `${category.title} added`,
          text: `${alertsCount(added.count)} dated over the last 7 days, in ${added.index}.`,
        });
      } else {
        await removeSampleData(core.http, category.id);
        core.notifications.toasts.addSuccess({ title: `${category.title} removed` });
      }
    } catch (error) {
      const action = kind === 'adding' ? 'Adding' : 'Removing';
      errors.report(error, `${action} ${category.title.toLowerCase()}`, { shownInPlace: true });
      setFailures((current) => ({ ...current, [category.id]: toSvcError(error) }));
    } finally {
      setRunning((current) => ({ ...current, [category.id]: undefined }));
      onDone();
    }
  };

  const remove = async (category: Category, state?: SampleDataStatus) => {
    const confirmed = await core.overlays.openConfirm(
      `The index ${state?.index ?? ''} and its ${alertsCount(state?.count ?? 0)} are deleted from the indexer.`,
      {
        title: `Remove ${category.title.toLowerCase()}?`,
        confirmButtonText: 'Remove data',
        buttonColor: 'danger',
      },
    );
    if (confirmed) await run(category, 'removing');
  };

  return { host, running, failures, add: (category: Category) => run(category, 'adding'), remove };
}

export function SampleDataPanel() {
  const { core } = useSvcServices();
  const loadUser = useCallback(() => core.security.getCurrentUser(), [core]);
  const user = useAsync(loadUser, 'Reading the current user').state;
  const isAdmin = user.data?.roles.includes(ADMIN_ROLE) ?? false;
  const load = useCallback((signal: AbortSignal) => loadListing(core.http, signal), [core]);
  const { state, reload } = useAsync(load, 'Reading the sample data');
  const { host, running, failures, add, remove } = useSampleDataActions(reload);
  const listing = state.data;

  if (listing?.status === 'problem')
    return <IndexerCallout problem={listing.problem} onRetry={reload} />;
  return (
    <div data-test-subj="settingsSampleData">
      <EuiText size="s" color="subdued">
        <p>
          Sample alerts show what the alert views look like before real agents report. They are
          dated over the last 7 days and carry the manager of the selected API host
          {host ? ` (${host.id})` : ''}; views that include them say so.
        </p>
      </EuiText>
      {user.data && !isAdmin && (
        <>
          <EuiSpacer size="s" />
          <EuiCallOut
            size="s"
            iconType="lock"
            title="Only administrators can add or remove sample data."
            data-test-subj="sampleDataReadOnly"
          />
        </>
      )}
      <EuiSpacer />
      {!listing ? (
        <EuiSkeletonText lines={4} />
      ) : (
        <EuiFlexGrid columns={3} gutterSize="m">
          {SAMPLE_DATA_CATEGORIES.map((category) => (
            <EuiFlexItem key={category.id}>
              <SampleDataCard
                category={category}
                state={listing.byCategory.get(category.id)}
                isAdmin={isAdmin && host !== undefined}
                running={running[category.id]}
                error={failures[category.id]}
                onAdd={() => void add(category)}
                onRemove={() => void remove(category, listing.byCategory.get(category.id))}
              />
            </EuiFlexItem>
          ))}
        </EuiFlexGrid>
      )}
    </div>
  );
}
