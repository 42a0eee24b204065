/** The `svc.demo` setting in the main plugin's schema (the host hands it over as `SVC_DEMO` text). */
import { configSchema } from './config';

const demoOf = (value: unknown) => configSchema.validate({ demo: value }, {}, 'svc').demo;

describe('svc.demo', () => {
  it('defaults to auto', () => {
    expect(configSchema.validate({}, {}, 'svc').demo).toBe('auto');
  });

  it('accepts auto and booleans, from env text in any case', () => {
    expect(demoOf('auto')).toBe('auto');
    expect(demoOf('TRUE')).toBe(true);
    expect(demoOf('False')).toBe(false);
    expect(demoOf(true)).toBe(true);
  });

  it('refuses anything else, naming the key', () => {
    expect(() => demoOf('maybe')).toThrow('[svc.demo');
  });
});
