import { configure, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpFetchError } from '../errors';
import { LoginPage, type LoginPageProps } from './login-page';

configure({ testIdAttribute: 'data-test-subj' });
jest.setTimeout(30000);

function failure(
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): HttpFetchError {
  const response = { status, headers: new Map(Object.entries(headers)) } as unknown as Response;
  return new HttpFetchError('failed', 'HttpFetchError', {} as Request, response, body);
}

function renderLogin(post: jest.Mock) {
  const navigate = jest.fn();
  const props: LoginPageProps = {
    http: { post } as unknown as LoginPageProps['http'],
    next: '/svc/app/agents',
    navigate,
  };
  render(<LoginPage {...props} />);
  return { navigate };
}

async function logIn(username: string, password: string): Promise<void> {
  fireEvent.change(screen.getByTestId('loginUsername'), { target: { value: username } });
  fireEvent.change(screen.getByTestId('loginPassword'), { target: { value: password } });
  await userEvent.click(screen.getByTestId('loginSubmit'));
}

describe('login page', () => {
  it('posts the credentials as JSON and goes back to where the user was', async () => {
    const post = jest.fn().mockResolvedValue({ username: 'admin', roles: ['admin'] });
    const { navigate } = renderLogin(post);
    await logIn('admin', 's3cret!');
    expect(post).toHaveBeenCalledWith('/auth/login', {
      body: JSON.stringify({ username: 'admin', password: 's3cret!' }),
    });
    expect(navigate).toHaveBeenCalledWith('/svc/app/agents');
  });

  it('asks for both fields before sending anything', async () => {
    const post = jest.fn();
    renderLogin(post);
    await logIn('', '');
    expect(screen.getByText('Enter your username.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it("shows the server's message when the credentials are wrong", async () => {
    const post = jest.fn().mockRejectedValue(
      failure(401, {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Invalid username or password',
      }),
    );
    const { navigate } = renderLogin(post);
    await logIn('admin', 'wrong');
    expect(await screen.findByTestId('loginError')).toHaveTextContent(
      'Invalid username or password',
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it('tells how long to wait when logins are throttled, and blocks the button meanwhile', async () => {
    const post = jest
      .fn()
      .mockRejectedValue(
        failure(
          429,
          { statusCode: 429, error: 'Too Many Requests', message: 'Too many failed logins' },
          { 'retry-after': '42' },
        ),
      );
    renderLogin(post);
    await logIn('admin', 'wrong');
    expect(await screen.findByTestId('loginError')).toHaveTextContent(
      'Too many failed login attempts. Try again in 42 seconds.',
    );
    expect(screen.getByTestId('loginSubmit')).toBeDisabled();
  });

  it('says when the dashboard cannot be reached', async () => {
    const post = jest
      .fn()
      .mockRejectedValue(new HttpFetchError('Failed to fetch', 'HttpFetchError', {} as Request));
    renderLogin(post);
    await logIn('admin', 'pw');
    expect(await screen.findByTestId('loginError')).toHaveTextContent(
      'The dashboard could not be reached: Failed to fetch',
    );
  });
});
