/** SCA policy results and checks of one agent (RBAC `sca:read` on `agent:id:{agent_id}`). */
import { parseAgentId } from '../data/agents';
import type { ScaCheckItem, ScaPolicyItem } from '../data/sca';
import type { Session } from '../http/context';
import { AffectedItems, type ListBody, type ResultMessages } from '../http/envelope';
import type { ParsedParams } from '../http/params';
import { permissionDenied } from '../http/problem';
import { errorNode } from '../rbac/guard';
import { agentAccess } from '../rbac/permissions';
import { type FieldKind, type TableSpec, listItems } from '../query/list-query';
import type { SimulatorState } from '../state';
import { listParams } from './list-params';

type Envelope = ListBody;

const POLICY_FIELDS: Record<string, FieldKind> = {
  policy_id: 'string',
  name: 'string',
  description: 'string',
  references: 'string',
  pass: 'number',
  fail: 'number',
  invalid: 'number',
  total_checks: 'number',
  score: 'number',
  hash_file: 'string',
  start_scan: 'date',
  end_scan: 'date',
};

const POLICY_TABLE: TableSpec<ScaPolicyItem> = {
  mode: 'db',
  fields: POLICY_FIELDS,
  sortFields: Object.keys(POLICY_FIELDS),
  selectFields: Object.keys(POLICY_FIELDS),
  requiredFields: ['policy_id'],
  defaultSort: { fields: ['policy_id'], descending: true },
};

const CHECK_FIELDS: Record<string, FieldKind> = {
  policy_id: 'string',
  id: 'number',
  title: 'string',
  description: 'string',
  rationale: 'string',
  remediation: 'string',
  command: 'string',
  reason: 'string',
  file: 'string',
  directory: 'string',
  process: 'string',
  registry: 'string',
  references: 'string',
  result: 'string',
  condition: 'string',
  'compliance.key': 'string',
  'compliance.value': 'string',
  'rules.type': 'string',
  'rules.rule': 'string',
};

const CHECK_TABLE: TableSpec<ScaCheckItem> = {
  mode: 'db',
  fields: CHECK_FIELDS,
  sortFields: Object.keys(CHECK_FIELDS).filter((field) => !field.includes('.')),
  selectFields: [...Object.keys(CHECK_FIELDS), 'compliance', 'rules'],
  requiredFields: ['id'],
};

const POLICY_FILTERS = ['name', 'description', 'references'] as const;
const CHECK_FILTERS = [
  'title',
  'description',
  'rationale',
  'remediation',
  'command',
  'reason',
  'file',
  'process',
  'registry',
  'result',
  'directory',
  'references',
  'condition',
] as const;

/** Case-insensitive equality filters named by the query. */
function equalityFilters<T>(query: ParsedParams, names: readonly string[]): (item: T) => boolean {
  const wanted = names
    .filter((name) => query[name] !== undefined)
    .map((name) => [name, String(query[name]).toLowerCase()] as const);
  return (item) =>
    wanted.every(
      ([name, value]) =>
        String((item as Record<string, unknown>)[name] ?? '').toLowerCase() === value,
    );
}

/** The agent's number after RBAC; 403 when the caller may not read it, undefined (with 1701) when unknown. */
function readableAgent(
  state: SimulatorState,
  session: Session,
  agentId: string,
  result: AffectedItems<unknown>,
): number | undefined {
  const n = parseAgentId(agentId) as number;
  const agent = state.agents.get(n);
  if (!agentAccess(session.permissions, 'sca:read').allows(n, agent?.groups, agent !== undefined)) {
    throw permissionDenied('agent:id', errorNode(session));
  }
  if (!agent) {
    result.fail(1701, agentId);
    return undefined;
  }
  return n;
}

function render<T extends object>(
  rows: T[],
  filter: (item: T) => boolean,
  table: TableSpec<T>,
  query: ParsedParams,
  result: AffectedItems<Record<string, unknown>>,
  now: number,
): Envelope {
  const listed = listItems(
    { rows, load: (item: T) => item, filter },
    table,
    listParams(query),
    now,
  );
  result.setPage(listed);
  return result.body();
}

export function listScaPolicies(
  state: SimulatorState,
  session: Session,
  agentId: string,
  query: ParsedParams,
): Envelope {
  const messages: ResultMessages = {
    all: 'All selected SCA information was returned',
    some: 'Some SCA information was not returned',
    none: 'No SCA information was returned',
  };
  const result = new AffectedItems<Record<string, unknown>>(messages);
  const n = readableAgent(state, session, agentId, result);
  if (n === undefined) return result.render();
  const agent = state.agents.item(n);
  const scannedAt = Math.floor(
    Date.parse(agent?.lastKeepAlive ?? agent?.dateAdd ?? new Date(state.now()).toISOString()) /
      1000,
  );
  const policies = state.sca.policyResults(
    n,
    agent?.os,
    Math.min(scannedAt, Math.floor(state.now() / 1000)),
  );
  return render(
    policies,
    equalityFilters(query, POLICY_FILTERS),
    POLICY_TABLE,
    query,
    result,
    state.now(),
  );
}

export function listScaChecks(
  state: SimulatorState,
  session: Session,
  agentId: string,
  policyId: string,
  query: ParsedParams,
): Envelope {
  const result = new AffectedItems<Record<string, unknown>>({
    all: 'All selected SCA/policy information was returned',
    some: 'Some SCA/policy information was not returned',
    none: 'No SCA/policy information was returned',
  });
  const n = readableAgent(state, session, agentId, result);
  if (n === undefined) return result.render();
  const os = state.agents.get(n)?.os;
  const applies = state.sca.policiesFor(os).some((policy) => policy.id === policyId);
  const checks = applies ? state.sca.checkResults(n, policyId) : [];
  return render(
    checks,
    equalityFilters(query, CHECK_FILTERS),
    CHECK_TABLE,
    query,
    result,
    state.now(),
  );
}
