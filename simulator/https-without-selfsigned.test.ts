/** `--https` on an install without development dependencies: a clear message, not a stack trace. */
import { startManagedApi } from './index';

jest.mock('selfsigned', () => {
  throw Object.assign(new Error("Cannot find module 'selfsigned'"), { code: 'MODULE_NOT_FOUND' });
});

it('says HTTPS needs the selfsigned development dependency when it is not installed', async () => {
  await expect(startManagedApi({ https: true, agents: 1 })).rejects.toThrow(
    'HTTPS needs the development dependency selfsigned to make its certificate',
  );
});
