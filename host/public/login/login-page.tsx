import {
  useEffect,
  useId,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import type { HttpFetchError, HttpSetup } from '../types';
import './login-page.css';

const LOGIN_API_PATH = '/auth/login';

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
  const [showPassword, setShowPassword] = useState(false);

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

  const missingUsername = submitted && !username;
  const missingPassword = submitted && !password;
  return (
    <main className="svcLogin">
      <form
        className="svcLogin__panel"
        onSubmit={submit}
        data-test-subj="loginForm"
        noValidate
        aria-busy={busy}
      >
        <h1 className="svcLogin__title">Log in</h1>
        <p className="svcLogin__subtitle">svc security dashboard</p>
        {error && (
          <p className="svcLogin__error" role="alert" data-test-subj="loginError">
            {error}
          </p>
        )}
        <LoginField
          label="Username"
          missing={missingUsername ? 'Enter your username.' : undefined}
          input={{
            name: 'username',
            type: 'text',
            autoComplete: 'username',
            autoFocus: true,
            value: username,
            onChange: (event) => setUsername(event.target.value),
            'data-test-subj': 'loginUsername',
          }}
        />
        <LoginField
          label="Password"
          missing={missingPassword ? 'Enter your password.' : undefined}
          input={{
            name: 'password',
            type: showPassword ? 'text' : 'password',
            autoComplete: 'current-password',
            value: password,
            onChange: (event) => setPassword(event.target.value),
            'data-test-subj': 'loginPassword',
          }}
          after={
            <button
              type="button"
              className="svcLogin__reveal"
              aria-pressed={showPassword}
              onClick={() => setShowPassword(!showPassword)}
            >
              {showPassword ? 'Hide' : 'Show'}
            </button>
          }
        />
        <button
          type="submit"
          className="svcLogin__submit"
          disabled={busy || blockedUntil !== undefined}
          data-test-subj="loginSubmit"
        >
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </form>
    </main>
  );
}

interface LoginFieldProps {
  label: string;
  /** Message shown under the field when it was left empty. */
  missing?: string;
  input: InputHTMLAttributes<HTMLInputElement> & { 'data-test-subj': string };
  after?: ReactNode;
}

function LoginField({ label, missing, input, after }: LoginFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="svcLogin__field">
      <label htmlFor={id}>{label}</label>
      <div className="svcLogin__control">
        <input
          {...input}
          id={id}
          aria-invalid={missing !== undefined}
          aria-describedby={missing ? errorId : undefined}
        />
        {after}
      </div>
      {missing && (
        <p id={errorId} className="svcLogin__fieldError">
          {missing}
        </p>
      )}
    </div>
  );
}

/** What the user reads when the login fails, and how long to wait when the server throttles. */
function describeLoginFailure(error: HttpFetchError): {
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
