/** HTTP bindings of manager and cluster reads and the update check. */
import { type HandlerTable, caller } from '../http/context';
import {
  clusterLocalInfo,
  clusterStatus,
  managerConfiguration,
  managerInformation,
  managerLogsSummary,
  managerStatus,
  restartManager,
  validateConfiguration,
  versionCheck,
} from '../services/manager';
import type { SimulatorState } from '../state';

export function managerHandlers(state: SimulatorState): HandlerTable {
  return {
    'GET /manager/status': (context) => ({ body: managerStatus(caller(context)) }),
    'GET /manager/info': (context) => ({ body: managerInformation(caller(context)) }),
    'GET /manager/logs/summary': (context) => ({ body: managerLogsSummary(caller(context)) }),
    'GET /manager/configuration': (context) => {
      const configuration = managerConfiguration(caller(context), context.query);
      return 'xml' in configuration
        ? { body: configuration.xml, contentType: 'application/xml; charset=utf-8' }
        : { body: configuration.envelope };
    },
    'GET /manager/configuration/validation': (context) => ({
      body: validateConfiguration(state, caller(context)),
    }),
    'PUT /manager/restart': (context) => ({
      status: 202,
      body: restartManager(state, caller(context)),
    }),
    'GET /manager/version/check': (context) => ({
      body: versionCheck(state, caller(context), context.query.force_query === true),
    }),
    'GET /cluster/status': (context) => ({ body: clusterStatus(state, caller(context)) }),
    'GET /cluster/local/info': (context) => ({ body: clusterLocalInfo(state, caller(context)) }),
  };
}
