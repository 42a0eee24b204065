/** Flyout to add a managed-API host or edit one; checked with the same rules the server applies. */
import {
  EuiButton,
  EuiButtonEmpty,
  EuiCallOut,
  EuiFieldNumber,
  EuiFieldPassword,
  EuiFieldText,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFlyout,
  EuiFlyoutBody,
  EuiFlyoutFooter,
  EuiFlyoutHeader,
  EuiForm,
  EuiFormRow,
  EuiSwitch,
  EuiTitle,
} from '@elastic/eui';
import { useId, useState, type FormEvent } from 'react';
import type { ApiHostEntry } from '../../../common/api-host-check';
import {
  caFileProblem,
  apiHostIdProblem,
  hostUrlProblem,
  passwordProblem,
  portProblem,
  usernameProblem,
} from '../../../common/api-host-rules';
import type { ApiHostInput } from '../../../common/api-hosts';
import { useSvcServices } from '../../components/services-context';
import type { SvcError } from '../../services/svc-error';

const DEFAULT_PORT = 55000;

interface FormValues {
  id: string;
  url: string;
  port: string;
  username: string;
  password: string;
  run_as: boolean;
  tls_verify: boolean;
  ca_file: string;
}

type Problems = Partial<Record<keyof FormValues, string>>;

function initialValues(host?: ApiHostEntry): FormValues {
  return {
    id: host?.id ?? '',
    url: host?.url ?? 'https://',
    port: String(host?.port ?? DEFAULT_PORT),
    username: host?.username ?? '',
    password: '',
    run_as: host?.run_as ?? false,
    tls_verify: host?.tls_verify ?? true,
    ca_file: host?.ca_file ?? '',
  };
}

function problemsOf(values: FormValues, editing: boolean): Problems {
  const problems: Problems = {
    id: editing ? undefined : apiHostIdProblem(values.id),
    url: hostUrlProblem(values.url),
    port: portProblem(Number(values.port)),
    username: usernameProblem(values.username),
    // On edit an empty password keeps the stored one.
    password: editing && values.password === '' ? undefined : passwordProblem(values.password),
    ca_file: values.ca_file === '' ? undefined : caFileProblem(values.ca_file),
  };
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem)) as Problems;
}

function toInput(values: FormValues): ApiHostInput {
  return {
    id: values.id,
    url: values.url.trim(),
    port: Number(values.port),
    username: values.username,
    run_as: values.run_as,
    tls_verify: values.tls_verify,
    ...(values.password === '' ? {} : { password: values.password }),
    ...(values.ca_file === '' ? {} : { ca_file: values.ca_file }),
  };
}

export function ApiHostForm({
  host,
  onSaved,
  onClose,
}: {
  host?: ApiHostEntry;
  onSaved(host: ApiHostEntry): void;
  onClose(): void;
}) {
  const { hosts, errors } = useSvcServices();
  const editing = host !== undefined;
  const [values, setValues] = useState(() => initialValues(host));
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<SvcError>();
  const titleId = useId();
  const problems = problemsOf(values, editing);
  const shown = touched ? problems : {};

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    setFailure(undefined);
    try {
      const { id: _id, ...changes } = toInput(values);
      // An emptied CA file field removes the stored one.
      const caFile = host?.ca_file && values.ca_file === '' ? { ca_file: null } : {};
      const saved = editing
        ? await hosts.update(host.id, { ...changes, ...caFile, version: host.version })
        : await hosts.create(toInput(values));
      onSaved(saved);
    } catch (error) {
      setFailure(
        errors.report(error, editing ? `Saving API host ${host.id}` : 'Adding the API host'),
      );
      setSaving(false);
    }
  };

  const row = (key: keyof FormValues, label: string, control: JSX.Element, helpText?: string) => (
    <EuiFormRow
      label={label}
      isInvalid={!!shown[key]}
      error={shown[key] && `${label} ${shown[key]}`}
      helpText={helpText}
    >
      {control}
    </EuiFormRow>
  );

  return (
    <EuiFlyout onClose={onClose} aria-labelledby={titleId} size="s" data-test-subj="apiHostForm">
      <EuiFlyoutHeader hasBorder>
        <EuiTitle size="m">
          <h2 id={titleId}>{editing ? `Edit API host ${host.id}` : 'Add an API host'}</h2>
        </EuiTitle>
      </EuiFlyoutHeader>
      <EuiFlyoutBody>
        <EuiForm
          component="form"
          onSubmit={(event: FormEvent) => void save(event)}
          isInvalid={!!failure}
          error={failure ? `${failure.title}: ${failure.detail}` : undefined}
        >
          {row(
            'id',
            'ID',
            <EuiFieldText
              name="id"
              value={values.id}
              disabled={editing}
              onChange={(e) => set('id', e.target.value)}
              isInvalid={!!shown.id}
            />,
            'How the dashboard names this host, e.g. production',
          )}
          {row(
            'url',
            'URL',
            <EuiFieldText
              name="url"
              value={values.url}
              onChange={(e) => set('url', e.target.value)}
              isInvalid={!!shown.url}
            />,
            'Scheme and host name, without port',
          )}
          {row(
            'port',
            'Port',
            <EuiFieldNumber
              name="port"
              value={values.port}
              min={1}
              max={65535}
              onChange={(e) => set('port', e.target.value)}
              isInvalid={!!shown.port}
            />,
          )}
          {row(
            'username',
            'Username',
            <EuiFieldText
              name="username"
              value={values.username}
              autoComplete="off"
              onChange={(e) => set('username', e.target.value)}
              isInvalid={!!shown.username}
            />,
          )}
          {row(
            'password',
            'Password',
            <EuiFieldPassword
              name="password"
              type="dual"
              value={values.password}
              autoComplete="new-password"
              onChange={(e) => set('password', e.target.value)}
              isInvalid={!!shown.password}
            />,
            editing
              ? 'Leave empty to keep the stored password'
              : 'Stored encrypted; it is never shown again',
          )}
          <EuiFormRow helpText="Log in as each dashboard user (the managed API maps users to its roles)">
            <EuiSwitch
              name="run_as"
              label="Run as the dashboard user"
              checked={values.run_as}
              onChange={(e) => set('run_as', e.target.checked)}
            />
          </EuiFormRow>
          <EuiFormRow
            helpText={
              values.tls_verify
                ? undefined
                : 'Anyone between the dashboard and the host could read the credentials'
            }
          >
            <EuiSwitch
              name="tls_verify"
              label="Verify the TLS certificate"
              checked={values.tls_verify}
              onChange={(e) => set('tls_verify', e.target.checked)}
            />
          </EuiFormRow>
          {row(
            'ca_file',
            'CA file',
            <EuiFieldText
              name="ca_file"
              value={values.ca_file}
              onChange={(e) => set('ca_file', e.target.value)}
              isInvalid={!!shown.ca_file}
            />,
            'Optional: PEM file on the dashboard server with the CA of a private certificate',
          )}
          {failure?.status === 409 && (
            <EuiCallOut color="warning" title="Someone else changed this host">
              Close the form, reload the list and edit again.
            </EuiCallOut>
          )}
        </EuiForm>
      </EuiFlyoutBody>
      <EuiFlyoutFooter>
        <EuiFlexGroup justifyContent="spaceBetween">
          <EuiFlexItem grow={false}>
            <EuiButtonEmpty onClick={onClose}>Cancel</EuiButtonEmpty>
          </EuiFlexItem>
          <EuiFlexItem grow={false}>
            <EuiButton
              fill
              onClick={() => void save()}
              isLoading={saving}
              data-test-subj="apiHostFormSave"
            >
              {editing ? 'Save' : 'Add host'}
            </EuiButton>
          </EuiFlexItem>
        </EuiFlexGroup>
      </EuiFlyoutFooter>
    </EuiFlyout>
  );
}
