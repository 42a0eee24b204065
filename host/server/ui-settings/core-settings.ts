/** Settings the host itself declares: read by the browser shell (toasts) and by plugins. */
import { schema } from '../../schema';
import type { UiSettingsParams } from '../types';

const lifetime = (kind: string, value: number): UiSettingsParams<number> => ({
  name: `${kind} toast lifetime`,
  value,
  description: `How long ${kind} notifications stay on screen, in milliseconds.`,
  category: ['notifications'],
  type: 'number',
  schema: schema.number({ min: 0 }),
});

export const CORE_UI_SETTINGS: Record<string, UiSettingsParams> = {
  'discover:sampleSize': {
    name: 'Number of rows',
    value: 500,
    description: 'The number of rows a table loads at most.',
    category: ['discover'],
    type: 'number',
    schema: schema.number({ min: 1 }),
  },
  'notifications:lifetime:banner': lifetime('Banner', 3_000_000),
  'notifications:lifetime:error': lifetime('Error', 300_000),
  'notifications:lifetime:warning': lifetime('Warning', 10_000),
  'notifications:lifetime:info': lifetime('Information', 5_000),
};
