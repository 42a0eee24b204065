/** `PUT /logtest` and `DELETE /logtest/sessions/{token}` (RBAC `logtest:run` on `*:*:*`). */
import type { Session } from '../http/context';
import { dataResult } from '../http/envelope';
import { codedProblem } from '../http/problem';
import { errorNode, requireResourceless } from '../rbac/guard';
import type { LogtestEvent } from '../ruleset/log-decoding';
import type { SimulatorState } from '../state';

export function runLogtest(state: SimulatorState, session: Session, event: LogtestEvent) {
  requireResourceless(session, 'logtest:run');
  return dataResult(state.logtest.run(event));
}

export function endLogtestSession(state: SimulatorState, session: Session, token: string) {
  requireResourceless(session, 'logtest:run');
  if (!state.logtest.close(token))
    throw codedProblem(7000, {
      extra: `(7004): No session found for token '${token}'`,
      node: errorNode(session),
    });
  return dataResult({
    messages: [`INFO: (7206): The session '${token}' was closed successfully`],
    codemsg: 0,
  });
}
