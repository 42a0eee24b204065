/**
 * Dashboard management → App settings (dashboard admins): the settings an administrator may change
 * while the dashboard runs, by category, each with its description, its default and the config
 * file's value it falls back to; saved ones apply on every instance, and a reset returns a setting to
 * the file's value. Values are checked on the server by the config file's schema; a refusal is shown
 * under the field it names.
 */
import {
  EuiBadge,
  EuiBasicTable,
  EuiButton,
  EuiButtonEmpty,
  EuiCallOut,
  EuiComboBox,
  EuiDescribedFormGroup,
  EuiFieldNumber,
  EuiFieldText,
  EuiFilePicker,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormRow,
  EuiPanel,
  EuiSelect,
  EuiSkeletonText,
  EuiSpacer,
  EuiSwitch,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { useCallback, useState } from 'react';
import {
  APP_SETTING_CATEGORIES,
  APP_SETTINGS,
  type AppSettingChange,
  type AppSettingDefinition,
  type AppSettingsAnswer,
  type AppSettingState,
  type AppSettingValue,
} from '../../../common/app-settings';
import { Page } from '../../components/page';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import { toSvcError } from '../../services/svc-error';
import {
  logoUrl,
  readAppSettings,
  removeLogo,
  saveAppSettings,
  uploadLogo,
} from './app-settings-client';

type Drafts = Record<string, AppSettingValue>;

function describeValue(value: AppSettingValue): string {
  if (value === null || value === '') return '(none)';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.join(', ');
  return String(value);
}

/** The field of a refusal: `values.csv.maxRows` (or `values.alerts.selectableIndexPatterns.1`) → its key. */
function keyOfField(field: unknown): string | undefined {
  if (typeof field !== 'string' || !field.startsWith('values.')) return undefined;
  const path = field.slice('values.'.length);
  return APP_SETTINGS.find((setting) => path === setting.key || path.startsWith(`${setting.key}.`))
    ?.key;
}

function SettingInput({
  definition,
  value,
  invalid,
  onChange,
}: {
  definition: AppSettingDefinition;
  value: AppSettingValue;
  invalid: boolean;
  onChange(value: AppSettingValue): void;
}) {
  const testSubj = `appSetting-${definition.key}`;
  switch (definition.input) {
    case 'boolean':
      return (
        <EuiSwitch
          label={value ? 'On' : 'Off'}
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
          data-test-subj={testSubj}
        />
      );
    case 'number':
      return (
        <EuiFieldNumber
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          isInvalid={invalid}
          onChange={(event) =>
            onChange(event.target.value === '' ? '' : Number(event.target.value))
          }
          data-test-subj={testSubj}
        />
      );
    case 'select':
      return (
        <EuiSelect
          value={String(value)}
          options={(definition.options ?? []).map((option) => ({ value: option, text: option }))}
          onChange={(event) => onChange(event.target.value)}
          data-test-subj={testSubj}
        />
      );
    case 'text-list': {
      const list = Array.isArray(value) ? value : [];
      return (
        <EuiComboBox
          noSuggestions
          isInvalid={invalid}
          selectedOptions={list.map((label) => ({ label }))}
          onCreateOption={(label) => onChange([...list, label.trim()])}
          onChange={(options) => onChange(options.map((option) => option.label))}
          data-test-subj={testSubj}
        />
      );
    }
    default:
      return (
        <EuiFieldText
          value={typeof value === 'string' ? value : ''}
          isInvalid={invalid}
          onChange={(event) => onChange(event.target.value)}
          data-test-subj={testSubj}
        />
      );
  }
}

function SettingRow({
  definition,
  state,
  draft,
  error,
  onChange,
  onReset,
}: {
  definition: AppSettingDefinition;
  state: AppSettingState;
  draft: AppSettingValue | undefined;
  error?: string;
  onChange(value: AppSettingValue): void;
  onReset(): void;
}) {
  return (
    <EuiDescribedFormGroup
      data-test-subj={`appSettingRow-${definition.key}`}
      title={
        <h3>
          {definition.title}{' '}
          {definition.requiresRestart && <EuiBadge color="warning">Requires restart</EuiBadge>}{' '}
          {state.saved && <EuiBadge color="primary">Saved</EuiBadge>}
        </h3>
      }
      description={
        <>
          <p>{definition.description}</p>
          <p>
            <code>svc.{definition.key}</code> · Default: {describeValue(state.defaultValue)} ·
            Config file: {describeValue(state.fileValue)}
          </p>
        </>
      }
    >
      <EuiFormRow isInvalid={error !== undefined} error={error} label={definition.title}>
        <SettingInput
          definition={definition}
          value={draft === undefined ? state.value : draft}
          invalid={error !== undefined}
          onChange={onChange}
        />
      </EuiFormRow>
      {state.saved && (
        <EuiButtonEmpty
          size="xs"
          iconType="refresh"
          onClick={onReset}
          data-test-subj={`appSettingReset-${definition.key}`}
        >
          Reset to the config file&apos;s value
        </EuiButtonEmpty>
      )}
    </EuiDescribedFormGroup>
  );
}

function LogoPanel({
  answer,
  onChanged,
}: {
  answer: AppSettingsAnswer;
  onChanged(answer: AppSettingsAnswer): void;
}) {
  const { core } = useSvcServices();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<AppSettingsAnswer>) => {
    setBusy(true);
    setError(undefined);
    action()
      .then(onChanged, (failure: unknown) => setError(toSvcError(failure).detail))
      .finally(() => setBusy(false));
  };
  return (
    <EuiDescribedFormGroup
      title={<h3>Logo</h3>}
      description={
        <p>
          A PNG or SVG image (at most {Math.round(answer.maxLogoBytes / 1024)} KB) shown in the
          header and on every report page. An SVG with scripts, event handlers, links outside itself
          or embedded markup is refused.
        </p>
      }
    >
      <EuiFormRow label="Logo" isInvalid={error !== undefined} error={error}>
        <EuiFilePicker
          accept="image/png,image/svg+xml"
          isLoading={busy}
          initialPromptText="Choose a PNG or SVG image"
          onChange={(files) => {
            const file = files?.[0];
            if (file) run(() => uploadLogo(core.http, file, answer.version));
          }}
          data-test-subj="appSettingsLogoPicker"
        />
      </EuiFormRow>
      {answer.logo && (
        <EuiFlexGroup alignItems="center" gutterSize="m">
          <EuiFlexItem grow={false}>
            <img
              src={logoUrl(core.http, answer.logo.sha256)}
              alt="Current logo"
              style={{ maxHeight: 40, maxWidth: 200 }}
              data-test-subj="appSettingsLogo"
            />
          </EuiFlexItem>
          <EuiFlexItem grow={false}>
            <EuiButtonEmpty
              color="danger"
              iconType="trash"
              onClick={() => run(() => removeLogo(core.http, answer.version))}
            >
              Remove the logo
            </EuiButtonEmpty>
          </EuiFlexItem>
        </EuiFlexGroup>
      )}
    </EuiDescribedFormGroup>
  );
}

const HISTORY_COLUMNS = [
  { field: 'at', name: 'When' },
  { field: 'user', name: 'Who' },
  { field: 'key', name: 'Setting' },
  {
    name: 'Change',
    render: (change: AppSettingChange) =>
      `${change.from === undefined ? 'config file' : describeValue(change.from)} → ${
        change.to === undefined ? 'config file' : describeValue(change.to)
      }`,
  },
];

function Settings({
  answer,
  onSaved,
}: {
  answer: AppSettingsAnswer;
  onSaved(answer: AppSettingsAnswer): void;
}) {
  const { core } = useSvcServices();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const states = new Map(answer.settings.map((state) => [state.key, state]));
  const changed = Object.keys(drafts).length > 0;

  const save = (values: Drafts) => {
    setSaving(true);
    setProblem(undefined);
    setFieldErrors({});
    saveAppSettings(core.http, values, answer.version)
      .then((saved) => {
        setDrafts({});
        onSaved(saved);
        core.notifications.toasts.addSuccess('App settings saved');
      })
      .catch((failure: unknown) => {
        const error = toSvcError(failure);
        const attributes = (failure as { body?: { attributes?: { field?: unknown } } }).body
          ?.attributes;
        const key = keyOfField(attributes?.field);
        if (key) setFieldErrors({ [key]: error.detail });
        else if (error.status === 409)
          setProblem(
            'Another administrator saved settings meanwhile: reload the page to see them, then make your change again.',
          );
        else setProblem(error.detail);
      })
      .finally(() => setSaving(false));
  };

  return (
    <>
      {problem && (
        <EuiCallOut
          color="danger"
          title="The settings were not saved"
          data-test-subj="appSettingsProblem"
        >
          {problem}
        </EuiCallOut>
      )}
      {APP_SETTING_CATEGORIES.map((category) => (
        <div key={category.id}>
          <EuiPanel data-test-subj={`appSettingsCategory-${category.id}`}>
            <EuiTitle size="s">
              <h2>{category.title}</h2>
            </EuiTitle>
            <EuiText size="s" color="subdued">
              {category.description}
            </EuiText>
            <EuiSpacer size="m" />
            {APP_SETTINGS.filter((setting) => setting.category === category.id).map(
              (definition) => {
                const state = states.get(definition.key);
                if (!state) return null;
                return (
                  <SettingRow
                    key={definition.key}
                    definition={definition}
                    state={state}
                    draft={drafts[definition.key]}
                    error={fieldErrors[definition.key]}
                    onChange={(value) =>
                      setDrafts((previous) => ({ ...previous, [definition.key]: value }))
                    }
                    onReset={() => save({ [definition.key]: null })}
                  />
                );
              },
            )}
            {category.id === 'reports' && <LogoPanel answer={answer} onChanged={onSaved} />}
          </EuiPanel>
          <EuiSpacer size="m" />
        </div>
      ))}
      <EuiFlexGroup justifyContent="flexEnd" gutterSize="s">
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty disabled={!changed || saving} onClick={() => setDrafts({})}>
            Discard changes
          </EuiButtonEmpty>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButton
            fill
            isLoading={saving}
            disabled={!changed}
            onClick={() => save(drafts)}
            data-test-subj="appSettingsSave"
          >
            Save changes
          </EuiButton>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer />
      <EuiTitle size="s">
        <h2>Recent changes</h2>
      </EuiTitle>
      <EuiBasicTable
        items={answer.history}
        columns={HISTORY_COLUMNS}
        noItemsMessage="No setting was changed from the dashboard yet."
        data-test-subj="appSettingsHistory"
      />
    </>
  );
}

export function AppSettingsView() {
  const { core } = useSvcServices();
  const load = useCallback(
    (signal: AbortSignal) => readAppSettings(core.http, signal),
    [core.http],
  );
  const { state, update } = useAsync(load, 'App settings', undefined, { shownInPlace: true });
  return (
    <Page
      title="App settings"
      testSubj="svcAppSettings"
      description="Settings saved here apply on every dashboard instance and win over the config file"
    >
      {state.status === 'error' && (
        <EuiCallOut color="danger" title={state.error.title} data-test-subj="appSettingsError">
          {state.error.status === 403
            ? 'Only dashboard administrators can see and change app settings.'
            : state.error.detail}
        </EuiCallOut>
      )}
      {!state.data && state.status === 'loading' && <EuiSkeletonText lines={6} />}
      {state.data && <Settings answer={state.data} onSaved={(saved) => update(() => saved)} />}
    </Page>
  );
}
