import {
  EuiButton,
  EuiCallOut,
  EuiFieldPassword,
  EuiFieldText,
  EuiForm,
  EuiFormRow,
  EuiPanel,
  EuiSpacer,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { useEffect, useState, type FormEvent } from 'react';
import type { HttpFetchError, HttpSetup } from '../types';

export const LOGIN_API_PATH = '/auth/login';

export interface LoginPageProps {
  http: Pick<HttpSetup, 'post'>;
  /** Where to go once logged in (already checked by `safeNextUrl`). */
  next: string;
  navigate(url: string): void;
}

/** The dashboard's login form; sends the user on to `next` once the server accepts the credentials. */
export function LoginPage({ http, next, navigate }: LoginPageProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [blockedUntil, setBlockedUntil] = useState<number>();

  useEffect(() => {
    document.title = 'Log in - svc';
  }, []);

  useEffect(() => {
    if (blockedUntil === undefined) return undefined;
    const timer = setTimeout(
      () => setBlockedUntil(undefined),
      Math.max(0, blockedUntil - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [blockedUntil]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!username || !password) return;
    setBusy(true);
    setError(undefined);
    try {
      await http.post(LOGIN_API_PATH, { body: JSON.stringify({ username, password }) });
      navigate(next);
    } catch (caught) {
      const failure = describeLoginFailure(caught as HttpFetchError);
      setError(failure.message);
      if (failure.retryAfterSeconds !== undefined)
        setBlockedUntil(Date.now() + failure.retryAfterSeconds * 1000);
      setBusy(false);
    }
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
      }}
    >
      <EuiPanel paddingSize="l" grow={false} style={{ width: 400, maxWidth: '100%' }} hasShadow>
        <EuiTitle size="m">
          <h1>Log in</h1>
        </EuiTitle>
        <EuiText size="s" color="subdued">
          <p>svc security dashboard</p>
        </EuiText>
        <EuiSpacer size="l" />
        {error && (
          <>
            <EuiCallOut
              color="danger"
              iconType="error"
              size="s"
              title={error}
              role="alert"
              data-test-subj="loginError"
            />
            <EuiSpacer size="m" />
          </>
        )}
        <EuiForm component="form" onSubmit={submit} data-test-subj="loginForm" noValidate>
          <EuiFormRow
            fullWidth
            label="Username"
            isInvalid={submitted && !username}
            error={submitted && !username ? 'Enter your username.' : undefined}
          >
            <EuiFieldText
              fullWidth
              name="username"
              autoComplete="username"
              autoFocus
              value={username}
              isInvalid={submitted && !username}
              onChange={(event) => setUsername(event.target.value)}
              data-test-subj="loginUsername"
            />
          </EuiFormRow>
          <EuiFormRow
            fullWidth
            label="Password"
            isInvalid={submitted && !password}
            error={submitted && !password ? 'Enter your password.' : undefined}
          >
            <EuiFieldPassword
              fullWidth
              name="password"
              type="dual"
              autoComplete="current-password"
              value={password}
              isInvalid={submitted && !password}
              onChange={(event) => setPassword(event.target.value)}
              data-test-subj="loginPassword"
            />
          </EuiFormRow>
          <EuiSpacer size="m" />
          <EuiButton
            type="submit"
            fill
            fullWidth
            isLoading={busy}
            isDisabled={blockedUntil !== undefined}
            data-test-subj="loginSubmit"
          >
            Log in
          </EuiButton>
        </EuiForm>
      </EuiPanel>
    </div>
  );
}

/** What the user reads when the login fails, and how long to wait when the server throttles. */
export function describeLoginFailure(error: HttpFetchError): {
  message: string;
  retryAfterSeconds?: number;
} {
  const status = error.response?.status;
  if (status === 429) {
    const seconds = retryAfterSeconds(error.response?.headers.get('retry-after'));
    return {
      message: `Too many failed login attempts. Try again ${seconds === undefined ? 'later' : `in ${seconds} second${seconds === 1 ? '' : 's'}`}.`,
      retryAfterSeconds: seconds,
    };
  }
  if (status === 401)
    return {
      message: error.body?.message ? `${error.body.message}` : 'Invalid username or password.',
    };
  if (status === undefined)
    return { message: `The dashboard could not be reached: ${error.message}` };
  return { message: error.body?.message ?? `Login failed (${status}).` };
}

/** `Retry-After` as seconds: either a number of seconds or an HTTP date. */
function retryAfterSeconds(header: string | null | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}
