/** `GET /`: what API this is. */
import { MANAGER_HOST } from '../data/catalogues';
import { dataResult } from '../http/envelope';
import type { HandlerTable } from '../http/context';
import type { SimulatorState } from '../state';

const API_INFO = {
  title: 'Wazuh API REST',
  api_version: '4.14.7',
  revision: 'rc1',
  license_name: 'GPL 2.0',
  license_url: 'https://github.com/wazuh/wazuh/blob/v4.14.7/LICENSE',
};

export function defaultHandlers(state: SimulatorState): HandlerTable {
  return {
    'GET /': () => ({
      body: dataResult({
        ...API_INFO,
        ...(state.options.apiVersion && { api_version: state.options.apiVersion }),
        hostname: MANAGER_HOST,
        timestamp: new Date(state.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      }),
    }),
  };
}
