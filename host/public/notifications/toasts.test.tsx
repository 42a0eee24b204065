import { EuiProvider } from '@elastic/eui';
import { act, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Overlays } from '../overlays/overlays';
import { OverlayService } from '../overlays/overlay-service';
import { HttpFetchError } from '../errors';
import { GlobalToasts } from './global-toasts';
import { ToastsApi } from './toasts-api';

configure({ testIdAttribute: 'data-test-subj' });
jest.setTimeout(30000);

describe('toasts', () => {
  it('gives ids from a counter and returns the toast already shown for a known id', () => {
    const toasts = new ToastsApi();
    expect(toasts.add('first').id).toBe('0');
    expect(toasts.add({ title: 'second' }).id).toBe('1');
    const named = toasts.add({ id: 'update', title: 'Update available' });
    expect(toasts.add({ id: 'update', title: 'Other text' })).toBe(named);
    expect(toasts.toasts.get().map(({ title }) => title)).toEqual([
      'first',
      'second',
      'Update available',
    ]);
  });

  it('colours each kind and takes lifetimes from the settings', () => {
    const settings: Record<string, number> = {
      'notifications:lifetime:warning': 1234,
      'notifications:lifetime:error': 5678,
    };
    const toasts = new ToastsApi({
      get: <T,>(key: string, fallback?: T) => (settings[key] ?? fallback) as T,
    });
    expect(toasts.addSuccess('saved')).toMatchObject({ color: 'success', iconType: 'check' });
    expect(toasts.addInfo('fyi')).toMatchObject({ color: 'primary', iconType: 'info' });
    expect(toasts.addWarning('careful')).toMatchObject({
      color: 'warning',
      iconType: 'help',
      toastLifeTimeMs: 1234,
    });
    expect(toasts.addDanger('broken', { toastLifeTimeMs: 99 })).toMatchObject({
      color: 'danger',
      iconType: 'alert',
      toastLifeTimeMs: 99,
    });
    expect(toasts.addError(new Error('boom'), { title: 'Failed' })).toMatchObject({
      color: 'danger',
      title: 'Failed',
      text: 'boom',
      toastLifeTimeMs: 5678,
    });
    expect(
      toasts.addError(new Error('boom'), { title: 'Failed', toastMessage: 'Shorter' }).text,
    ).toBe('Shorter');
  });

  it('removes a toast by object or id', () => {
    const toasts = new ToastsApi();
    const first = toasts.add('first');
    toasts.add({ id: 'x', title: 'second' });
    toasts.remove(first);
    toasts.remove('x');
    expect(toasts.toasts.get()).toEqual([]);
  });

  it('shows toasts and opens the full error, server body included, from an error toast', async () => {
    const toasts = new ToastsApi();
    const overlays = new OverlayService();
    render(
      <EuiProvider>
        <GlobalToasts toasts={toasts} overlays={overlays} />
        <Overlays overlays={overlays} />
      </EuiProvider>,
    );
    act(() => {
      toasts.addSuccess('Host saved');
      const body = { statusCode: 409, error: 'Conflict', message: 'Host [demo] already exists' };
      toasts.addError(
        new HttpFetchError('Conflict', 'HttpFetchError', {} as Request, undefined, body),
        { title: 'Could not save the host' },
      );
    });
    expect(screen.getByText('Host saved')).toBeInTheDocument();
    expect(screen.getByText('Could not save the host')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('errorToastDetails'));
    const modal = await screen.findByTestId('errorDetailsModal');
    expect(within(modal).getByTestId('errorDetailsBody')).toHaveTextContent(
      'Host [demo] already exists',
    );
    await userEvent.click(within(modal).getByText('Close'));
    expect(screen.queryByTestId('errorDetailsModal')).not.toBeInTheDocument();
  });
});
