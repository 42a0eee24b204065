/** HTTP bindings of the manager's reads, configuration (read, replace, check), restart and update check. */
import { type HandlerTable, caller } from '../http/context';
import {
  managerActiveConfiguration,
  managerConfiguration,
  managerInformation,
  managerLogs,
  managerLogsSummary,
  managerStatus,
  restartManager,
  updateManagerConfiguration,
  validateConfiguration,
  versionCheck,
} from '../services/manager';
import { managerDaemonStats } from '../services/daemon-stats';
import type { SimulatorState } from '../state';

export function managerHandlers(state: SimulatorState): HandlerTable {
  return {
    'GET /manager/status': (context) => ({ body: managerStatus(state, caller(context)) }),
    'GET /manager/info': (context) => ({ body: managerInformation(caller(context)) }),
    'GET /manager/logs': (context) => ({
      body: managerLogs(state, caller(context), context.query),
    }),
    'GET /manager/stats/remoted': (context) => ({
      body: managerDaemonStats(state, caller(context), 'remoted'),
    }),
    'GET /manager/stats/analysisd': (context) => ({
      body: managerDaemonStats(state, caller(context), 'analysisd'),
    }),
    'GET /manager/logs/summary': (context) => ({
      body: managerLogsSummary(state, caller(context)),
    }),
    'GET /manager/configuration': (context) => {
      const configuration = managerConfiguration(state, caller(context), context.query);
      return 'xml' in configuration
        ? { body: configuration.xml, contentType: 'application/xml; charset=utf-8' }
        : { body: configuration.envelope };
    },
    'GET /manager/configuration/{component}/{configuration}': (context) => ({
      body: managerActiveConfiguration(
        state,
        caller(context),
        String(context.path.component),
        String(context.path.configuration),
      ),
    }),
    'PUT /manager/configuration': (context) => ({
      body: updateManagerConfiguration(state, caller(context), context.body),
    }),
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
  };
}
