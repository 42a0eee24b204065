/**
 * Contract test: every operation the simulator serves answers with bodies that match the response
 * schemas of the managed API's OpenAPI document (ajv + ajv-formats; OpenAPI 3.0 `nullable` is an ajv
 * keyword). The document is read from the shared reference folder, and only here; without it the suite
 * is skipped with a printed reason.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { load } from 'js-yaml';
import { basicAuth, call, login, request, type SimulatorResponse } from './test-client';
import { type ManagedApi, startManagedApi } from './index';
import { allHandlers } from './routes';
import { createState } from './state';
import { resolveOptions } from './options';
import { sequence } from './data/random';
import { READONLY_USER, RUN_AS_USER } from './users';
import { DEMO_CLUSTER } from './data/cluster';

// Servers and child processes start slowly on a loaded machine.
jest.setTimeout(30_000);

const SPEC_PATH = resolve(__dirname, '../../shared/reference/managed-api-spec-4.14.yaml');
const present = existsSync(SPEC_PATH);
if (!present)
  console.log(`contract tests skipped: the OpenAPI document ${SPEC_PATH} is not present`);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- walking an arbitrary YAML document

interface Case {
  /** `<METHOD> <path template>` of the operation, as the catalogue and the handler table name it. */
  operation: string;
  /** Template whose responses the body must match (differs only for served aliases). */
  specOperation?: string;
  path: string;
  status: number;
  as?: 'admin' | 'readonly' | 'anonymous' | 'basic';
  body?: unknown;
  /** Media type of a body sent as text (a file); JSON otherwise. */
  bodyType?: string;
  /** Media type the response must carry. */
  contentType?: string;
  /** Asked of the simulator running as a cluster's master (the other one runs a single manager). */
  cluster?: true;
}

const CASES: Case[] = [
  { operation: 'GET /', path: '/', status: 200 },
  { operation: 'GET /agents', path: '/agents?limit=5', status: 200 },
  {
    operation: 'GET /agents',
    path: '/agents?agents_list=001,002,999&select=name,os.platform',
    status: 200,
  },
  { operation: 'GET /agents', path: '/agents?select=os.platform&distinct=true', status: 200 },
  { operation: 'GET /agents', path: '/agents?limit=100001', status: 400 },
  { operation: 'GET /agents', path: '/agents', status: 401, as: 'anonymous' },
  {
    operation: 'POST /agents',
    path: '/agents',
    status: 200,
    body: { name: 'contract-host', ip: '172.16.5.5' },
  },
  { operation: 'POST /agents', path: '/agents', status: 400, body: { ip: '172.16.5.6' } },
  {
    operation: 'DELETE /agents',
    path: '/agents?agents_list=002,999,000&status=all&older_than=0s',
    status: 200,
  },
  { operation: 'GET /agents/summary/status', path: '/agents/summary/status', status: 200 },
  { operation: 'GET /agents/summary/os', path: '/agents/summary/os', status: 200 },
  { operation: 'PUT /agents/{agent_id}/restart', path: '/agents/001/restart', status: 200 },
  {
    operation: 'PUT /agents/{agent_id}/restart',
    path: '/agents/001/restart',
    status: 403,
    as: 'readonly',
  },
  {
    operation: 'PUT /agents/{agent_id}/group/{group_id}',
    path: '/agents/004/group/pci',
    status: 200,
  },
  {
    operation: 'PUT /agents/{agent_id}/group/{group_id}',
    path: '/agents/004/group/no-such-group',
    status: 404,
  },
  { operation: 'GET /groups', path: '/groups', status: 200 },
  { operation: 'POST /groups', path: '/groups', status: 200, body: { group_id: 'contract' } },
  { operation: 'POST /groups', path: '/groups', status: 400, body: { group_id: 'contract' } },
  {
    operation: 'GET /groups/{group_id}/agents',
    path: '/groups/default/agents?limit=5',
    status: 200,
  },
  {
    operation: 'GET /groups/{group_id}/configuration',
    path: '/groups/contract/configuration',
    status: 200,
  },
  {
    operation: 'PUT /groups/{group_id}/configuration',
    path: '/groups/contract/configuration',
    status: 200,
    body: '<agent_config>\n  <localfile>\n    <location>/var/log/app.log</location>\n  </localfile>\n</agent_config>\n',
    bodyType: 'application/xml',
  },
  {
    operation: 'PUT /groups/{group_id}/configuration',
    path: '/groups/contract/configuration',
    status: 400,
    body: '<agent_config>\n  <localfile>\n</agent_config>\n',
    bodyType: 'application/xml',
  },
  {
    operation: 'PUT /groups/{group_id}/configuration',
    path: '/groups/no-such-group/configuration',
    status: 404,
    body: '<agent_config/>',
    bodyType: 'application/xml',
  },
  {
    operation: 'GET /groups/{group_id}/files/{file_name}',
    path: '/groups/contract/files/agent.conf?raw=true',
    status: 200,
    contentType: 'application/xml',
  },
  {
    operation: 'GET /groups/{group_id}/files/{file_name}',
    path: '/groups/contract/files/agent.conf',
    status: 200,
  },
  {
    operation: 'DELETE /groups',
    path: '/groups?groups_list=contract',
    status: 403,
    as: 'readonly',
  },
  {
    operation: 'DELETE /groups',
    path: '/groups?groups_list=contract,default,no-such-group',
    status: 200,
  },
  { operation: 'DELETE /groups', path: '/groups', status: 400 },
  {
    operation: 'PUT /agents/restart',
    path: '/agents/restart?agents_list=001,002,000',
    status: 200,
  },
  {
    operation: 'PUT /agents/group',
    path: '/agents/group?agents_list=005,006&group_id=dmz',
    status: 200,
  },
  {
    operation: 'DELETE /agents/group',
    path: '/agents/group?agents_list=005,007&group_id=dmz',
    status: 200,
  },
  {
    operation: 'DELETE /agents/{agent_id}/group/{group_id}',
    path: '/agents/006/group/dmz',
    status: 200,
  },
  {
    operation: 'DELETE /agents/{agent_id}/group/{group_id}',
    path: '/agents/006/group/dmz',
    status: 400,
  },
  {
    operation: 'PUT /agents/upgrade',
    path: '/agents/upgrade?agents_list=all&q=id<10',
    status: 200,
  },
  {
    operation: 'GET /agents/{agent_id}/config/{component}/{configuration}',
    path: '/agents/000/config/agent/client',
    status: 200,
  },
  {
    operation: 'GET /agents/{agent_id}/config/{component}/{configuration}',
    path: '/agents/000/config/agent/global',
    status: 400,
  },
  {
    operation: 'GET /syscollector/{agent_id}/hardware',
    path: '/syscollector/000/hardware',
    status: 200,
  },
  { operation: 'GET /syscollector/{agent_id}/os', path: '/syscollector/000/os', status: 200 },
  {
    operation: 'GET /syscollector/{agent_id}/netaddr',
    path: '/syscollector/000/netaddr?proto=ipv4',
    status: 200,
  },
  {
    operation: 'GET /syscollector/{agent_id}/packages',
    path: '/syscollector/000/packages?limit=5&sort=-name&search=ssl',
    status: 200,
  },
  { operation: 'GET /syscollector/{agent_id}/ports', path: '/syscollector/000/ports', status: 200 },
  {
    operation: 'GET /syscollector/{agent_id}/processes',
    path: '/syscollector/000/processes?q=name~wazuh',
    status: 200,
  },
  { operation: 'GET /syscollector/{agent_id}/ports', path: '/syscollector/999/ports', status: 200 },
  { operation: 'GET /manager/status', path: '/manager/status', status: 200 },
  { operation: 'GET /manager/info', path: '/manager/info', status: 200 },
  { operation: 'GET /manager/configuration', path: '/manager/configuration', status: 200 },
  {
    operation: 'GET /manager/configuration',
    path: '/manager/configuration?section=global&field=white_list',
    status: 200,
  },
  {
    operation: 'GET /manager/configuration',
    path: '/manager/configuration?raw=true',
    status: 200,
    contentType: 'application/xml',
  },
  { operation: 'GET /manager/logs/summary', path: '/manager/logs/summary', status: 200 },
  { operation: 'GET /manager/stats/remoted', path: '/manager/stats/remoted', status: 200 },
  { operation: 'GET /manager/stats/analysisd', path: '/manager/stats/analysisd', status: 200 },
  {
    operation: 'GET /cluster/{node_id}/stats/remoted',
    path: '/cluster/worker1/stats/remoted',
    status: 200,
    cluster: true,
  },
  {
    operation: 'GET /cluster/{node_id}/stats/analysisd',
    path: '/cluster/worker2/stats/analysisd',
    status: 200,
    cluster: true,
  },
  {
    operation: 'GET /agents/{agent_id}/stats/{component}',
    path: '/agents/001/stats/logcollector',
    status: 200,
  },
  {
    operation: 'GET /agents/{agent_id}/stats/{component}',
    path: '/agents/001/stats/agent',
    status: 200,
  },
  {
    operation: 'GET /agents/{agent_id}/stats/{component}',
    path: '/agents/001/stats/nothing',
    status: 400,
  },
  { operation: 'GET /manager/logs', path: '/manager/logs?limit=20', status: 200 },
  {
    operation: 'GET /manager/logs',
    path: '/manager/logs?tag=wazuh-remoted&level=info&search=keys&offset=1&limit=5',
    status: 200,
  },
  { operation: 'GET /manager/logs', path: '/manager/logs?select=tag&distinct=true', status: 200 },
  { operation: 'GET /manager/logs', path: '/manager/logs?q=level=error&sort=tag', status: 200 },
  { operation: 'GET /manager/logs', path: '/manager/logs?level=loud', status: 400 },
  { operation: 'GET /manager/logs', path: '/manager/logs?sort=node', status: 400 },
  { operation: 'GET /cluster/nodes', path: '/cluster/nodes', status: 400 },
  { operation: 'GET /cluster/nodes', path: '/cluster/nodes', status: 200, cluster: true },
  {
    operation: 'GET /cluster/nodes',
    path: '/cluster/nodes?type=worker&nodes_list=worker1,nope&select=ip',
    status: 200,
    cluster: true,
  },
  {
    operation: 'GET /cluster/healthcheck',
    path: '/cluster/healthcheck',
    status: 200,
    cluster: true,
  },
  {
    operation: 'GET /cluster/local/info',
    path: '/cluster/local/info',
    status: 200,
    cluster: true,
  },
  { operation: 'GET /cluster/status', path: '/cluster/status', status: 200, cluster: true },
  {
    operation: 'GET /cluster/{node_id}/logs',
    path: '/cluster/worker1/logs?level=warning&limit=10',
    status: 200,
    cluster: true,
  },
  {
    operation: 'GET /cluster/{node_id}/logs',
    path: '/cluster/worker1/logs?limit=0',
    status: 400,
    cluster: true,
  },
  {
    operation: 'GET /cluster/{node_id}/logs/summary',
    path: '/cluster/worker2/logs/summary',
    status: 200,
    cluster: true,
  },
  {
    operation: 'GET /cluster/{node_id}/status',
    path: '/cluster/master-node/status',
    status: 200,
    cluster: true,
  },
  {
    operation: 'GET /cluster/{node_id}/info',
    path: '/cluster/worker2/info',
    status: 200,
    cluster: true,
  },
  {
    operation: 'GET /cluster/{node_id}/info',
    path: '/cluster/worker2/info',
    status: 401,
    as: 'anonymous',
    cluster: true,
  },
  { operation: 'GET /manager/version/check', path: '/manager/version/check', status: 200 },
  { operation: 'GET /cluster/status', path: '/cluster/status', status: 200 },
  // This simulator runs without a cluster (the answer with one is in cluster.test.ts).
  { operation: 'GET /cluster/local/info', path: '/cluster/local/info', status: 400 },
  { operation: 'GET /rules', path: '/rules?limit=20&rule_ids=5702,1', status: 200 },
  { operation: 'GET /rules/files', path: '/rules/files', status: 200 },
  { operation: 'GET /decoders', path: '/decoders', status: 200 },
  { operation: 'GET /decoders/files', path: '/decoders/files', status: 200 },
  { operation: 'GET /mitre/tactics', path: '/mitre/tactics?limit=3', status: 200 },
  { operation: 'GET /mitre/techniques', path: '/mitre/techniques?search=brute', status: 200 },
  { operation: 'GET /mitre/metadata', path: '/mitre/metadata', status: 200 },
  { operation: 'GET /syscheck/{agent_id}', path: '/syscheck/001?limit=3', status: 200 },
  {
    operation: 'GET /rules/files/{filename}',
    path: '/rules/files/local_rules.xml?raw=true',
    status: 200,
    contentType: 'application/xml',
  },
  {
    operation: 'GET /rules/files/{filename}',
    path: '/rules/files/0095-sshd_rules.xml?relative_dirname=ruleset/rules',
    status: 200,
  },
  {
    operation: 'PUT /rules/files/{filename}',
    path: '/rules/files/contract_rules.xml',
    status: 200,
    body: '<group name="contract,">\n  <rule id="100900" level="3">\n    <if_sid>5716</if_sid>\n    <description>Contract</description>\n  </rule>\n</group>\n',
    bodyType: 'application/octet-stream',
  },
  {
    operation: 'PUT /rules/files/{filename}',
    path: '/rules/files/contract_rules.xml?overwrite=true',
    status: 200,
    body: '<group name="contract,">\n  <rule id="100900">\n</group>\n',
    bodyType: 'application/octet-stream',
  },
  {
    operation: 'DELETE /rules/files/{filename}',
    path: '/rules/files/contract_rules.xml',
    status: 200,
  },
  {
    operation: 'DELETE /rules/files/{filename}',
    path: '/rules/files/local_rules.xml',
    status: 403,
    as: 'readonly',
  },
  {
    operation: 'GET /decoders/files/{filename}',
    path: '/decoders/files/local_decoder.xml?raw=true',
    status: 200,
    contentType: 'application/xml',
  },
  {
    operation: 'PUT /decoders/files/{filename}',
    path: '/decoders/files/contract_decoder.xml',
    status: 200,
    body: '<decoder name="contract">\n  <program_name>^contract</program_name>\n</decoder>\n',
    bodyType: 'application/octet-stream',
  },
  {
    operation: 'DELETE /decoders/files/{filename}',
    path: '/decoders/files/contract_decoder.xml',
    status: 200,
  },
  { operation: 'GET /lists', path: '/lists', status: 200 },
  { operation: 'GET /lists/files', path: '/lists/files', status: 200 },
  {
    operation: 'GET /lists/files/{filename}',
    path: '/lists/files/audit-keys?raw=true',
    status: 200,
    contentType: 'text/plain',
  },
  { operation: 'GET /lists/files/{filename}', path: '/lists/files/audit-keys', status: 200 },
  {
    operation: 'PUT /lists/files/{filename}',
    path: '/lists/files/contract-list',
    status: 200,
    body: 'alpha:1\n"key:with:colons":2\n',
    bodyType: 'application/octet-stream',
  },
  {
    operation: 'PUT /lists/files/{filename}',
    path: '/lists/files/contract-list?overwrite=true',
    status: 200,
    body: 'no separator here\n',
    bodyType: 'application/octet-stream',
  },
  { operation: 'DELETE /lists/files/{filename}', path: '/lists/files/contract-list', status: 200 },
  {
    operation: 'PUT /logtest',
    path: '/logtest',
    status: 200,
    body: {
      event: 'Dec 10 01:02:02 host sshd[1234]: Failed password for root from 10.0.0.1 port 22 ssh2',
      location: 'logtest',
      log_format: 'syslog',
    },
  },
  { operation: 'PUT /logtest', path: '/logtest', status: 400, body: { event: 'x' } },
  {
    operation: 'DELETE /logtest/sessions/{token}',
    path: '/logtest/sessions/abcd1234',
    status: 400,
  },
  {
    operation: 'GET /manager/configuration/validation',
    path: '/manager/configuration/validation',
    status: 200,
  },
  { operation: 'GET /tasks/status', path: '/tasks/status?limit=5', status: 200 },
  {
    operation: 'GET /manager/configuration/{component}/{configuration}',
    path: '/manager/configuration/auth/auth',
    status: 200,
  },
  // After the reads of the manager's file: they replace it.
  {
    operation: 'PUT /manager/configuration',
    path: '/manager/configuration',
    status: 200,
    body: '<ossec_config>\n  <global>\n    <logall>no</logall>\n  </global>\n</ossec_config>\n',
    bodyType: 'application/octet-stream',
  },
  {
    operation: 'PUT /manager/configuration',
    path: '/manager/configuration',
    status: 200,
    body: '<ossec_config>\n  <global>\n</ossec_config>\n',
    bodyType: 'application/octet-stream',
  },
  {
    operation: 'PUT /manager/configuration',
    path: '/manager/configuration',
    status: 403,
    as: 'readonly',
    body: '<ossec_config/>\n',
    bodyType: 'application/octet-stream',
  },
  { operation: 'PUT /manager/restart', path: '/manager/restart', status: 403, as: 'readonly' },
  { operation: 'PUT /manager/restart', path: '/manager/restart', status: 202 },
  { operation: 'GET /sca/{agent_id}', path: '/sca/000', status: 200 },
  {
    operation: 'GET /sca/{agent_id}/checks/{policy_id}',
    path: '/sca/000/checks/cis_ubuntu22-04?limit=10',
    status: 200,
  },
  { operation: 'GET /security/users/me', path: '/security/users/me', status: 200 },
  {
    operation: 'GET /security/user/me',
    specOperation: 'GET /security/users/me',
    path: '/security/user/me',
    status: 200,
  },
  {
    operation: 'GET /security/users/me/policies',
    path: '/security/users/me/policies',
    status: 200,
  },
  {
    operation: 'POST /security/user/authenticate',
    path: '/security/user/authenticate',
    status: 200,
    as: 'basic',
  },
  {
    operation: 'POST /security/user/authenticate',
    path: '/security/user/authenticate?raw=true',
    status: 200,
    as: 'basic',
    contentType: 'text/plain',
  },
  {
    operation: 'POST /security/user/authenticate',
    path: '/security/user/authenticate',
    status: 401,
    as: 'anonymous',
  },
  {
    operation: 'GET /security/user/authenticate',
    path: '/security/user/authenticate',
    status: 200,
    as: 'basic',
  },
  {
    operation: 'POST /security/user/authenticate/run_as',
    path: '/security/user/authenticate/run_as',
    status: 200,
    as: 'basic',
    body: { user_name: 'admin', roles: ['admin'] },
  },
  {
    operation: 'PUT /security/user/revoke',
    path: '/security/user/revoke',
    status: 403,
    as: 'readonly',
  },
  { operation: 'GET /security/users', path: '/security/users?limit=2&sort=-id', status: 200 },
  {
    operation: 'POST /security/users',
    path: '/security/users',
    status: 200,
    body: { username: 'contract-user', password: 'Contract.User1' },
  },
  {
    operation: 'POST /security/users',
    path: '/security/users',
    status: 400,
    body: { username: 'weak-user', password: 'weak' },
  },
  {
    operation: 'PUT /security/users/{user_id}',
    path: '/security/users/101',
    status: 200,
    body: { password: 'Contract.User2' },
  },
  {
    operation: 'PUT /security/users/{user_id}/run_as',
    path: '/security/users/101/run_as?allow_run_as=true',
    status: 200,
  },
  {
    operation: 'POST /security/users/{user_id}/roles',
    path: '/security/users/101/roles?role_ids=2',
    status: 200,
  },
  {
    operation: 'DELETE /security/users/{user_id}/roles',
    path: '/security/users/101/roles?role_ids=2',
    status: 200,
  },
  { operation: 'DELETE /security/users', path: '/security/users?user_ids=101,1', status: 200 },
  { operation: 'GET /security/roles', path: '/security/roles?search=admin', status: 200 },
  {
    operation: 'GET /security/roles',
    path: '/security/roles?role_ids=1',
    status: 403,
    as: 'readonly',
  },
  {
    operation: 'POST /security/roles',
    path: '/security/roles',
    status: 200,
    body: { name: 'contract' },
  },
  {
    operation: 'PUT /security/roles/{role_id}',
    path: '/security/roles/100',
    status: 200,
    body: { name: 'contract_role' },
  },
  {
    operation: 'PUT /security/roles/{role_id}',
    path: '/security/roles/1',
    status: 200,
    body: { name: 'x' },
  },
  { operation: 'GET /security/policies', path: '/security/policies?limit=3', status: 200 },
  {
    operation: 'POST /security/policies',
    path: '/security/policies',
    status: 200,
    body: {
      name: 'contract_policy',
      policy: { actions: ['agent:read'], resources: ['agent:group:web'], effect: 'allow' },
    },
  },
  {
    operation: 'PUT /security/policies/{policy_id}',
    path: '/security/policies/100',
    status: 200,
    body: { name: 'contract_policy_2' },
  },
  {
    operation: 'POST /security/roles/{role_id}/policies',
    path: '/security/roles/100/policies?policy_ids=100',
    status: 200,
  },
  {
    operation: 'DELETE /security/roles/{role_id}/policies',
    path: '/security/roles/100/policies?policy_ids=100',
    status: 200,
  },
  { operation: 'GET /security/rules', path: '/security/rules', status: 200 },
  {
    operation: 'POST /security/rules',
    path: '/security/rules',
    status: 200,
    body: { name: 'contract_rule', rule: { FIND: { user_name: 'contract' } } },
  },
  {
    operation: 'PUT /security/rules/{rule_id}',
    path: '/security/rules/100',
    status: 200,
    body: { rule: { MATCH: { user_name: 'contract' } } },
  },
  {
    operation: 'POST /security/roles/{role_id}/rules',
    path: '/security/roles/100/rules?rule_ids=100',
    status: 200,
  },
  {
    operation: 'DELETE /security/roles/{role_id}/rules',
    path: '/security/roles/100/rules?rule_ids=100',
    status: 200,
  },
  { operation: 'DELETE /security/rules', path: '/security/rules?rule_ids=100', status: 200 },
  {
    operation: 'DELETE /security/policies',
    path: '/security/policies?policy_ids=100,1',
    status: 200,
  },
  { operation: 'DELETE /security/roles', path: '/security/roles?role_ids=100', status: 200 },
  { operation: 'GET /security/actions', path: '/security/actions', status: 200 },
  { operation: 'GET /security/resources', path: '/security/resources', status: 200 },
  {
    operation: 'GET /agents/summary/status',
    path: '/agents/summary/status',
    status: 405,
    body: {},
  },
  // Token-ending operations last.
  {
    operation: 'DELETE /security/user/authenticate',
    path: '/security/user/authenticate',
    status: 200,
    as: 'readonly',
  },
  { operation: 'PUT /security/user/revoke', path: '/security/user/revoke', status: 200 },
  // Last: they replace a node's file and restart a node the cases above read.
  {
    operation: 'GET /cluster/{node_id}/configuration',
    path: '/cluster/worker1/configuration?section=auth',
    status: 200,
    cluster: true,
  },
  {
    operation: 'PUT /cluster/{node_id}/configuration',
    path: '/cluster/worker1/configuration',
    status: 200,
    body: '<ossec_config>\n  <global>\n    <logall>no</logall>\n  </global>\n</ossec_config>\n',
    bodyType: 'application/octet-stream',
    cluster: true,
  },
  {
    operation: 'GET /cluster/configuration/validation',
    path: '/cluster/configuration/validation',
    status: 200,
    cluster: true,
  },
  {
    operation: 'PUT /cluster/restart',
    path: '/cluster/restart?nodes_list=worker2',
    status: 202,
    cluster: true,
  },
];

function methodOf(operation: string): string {
  return operation.split(' ')[0];
}

class SpecSchemas {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(private readonly document: Json) {
    addFormats(this.ajv);
    const formats = new Set<string>();
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === 'format' && typeof value === 'string') formats.add(value);
          else collect(value);
        }
      }
    };
    collect(document);
    // The API's own named formats (names, numbers, paths...) are request-side patterns; accept them here.
    for (const format of formats) if (!this.ajv.formats[format]) this.ajv.addFormat(format, true);
  }

  private deref(node: Json): Json {
    let current = node;
    while (current && typeof current.$ref === 'string') {
      current = current.$ref
        .slice(2)
        .split('/')
        .reduce(
          (value: Json, key: string) => value[key.replace(/~1/g, '/').replace(/~0/g, '~')],
          this.document,
        );
    }
    return current;
  }

  /** Media types declared for the operation's response with this status. */
  contentTypes(operation: string, status: number): string[] {
    return Object.keys(this.response(operation, status).content ?? {});
  }

  private response(operation: string, status: number): Json {
    const [method, path] = operation.split(' ');
    const responses = this.document.paths[path]?.[method.toLowerCase()]?.responses;
    if (!responses) throw new Error(`${operation} is not in the document`);
    const response = responses[String(status)];
    if (!response) throw new Error(`${operation} declares no ${status} response`);
    return this.deref(response);
  }

  validator(operation: string, status: number, contentType: string): ValidateFunction {
    const key = `${operation} ${status} ${contentType}`;
    let validate = this.cache.get(key);
    if (!validate) {
      const schema = this.response(operation, status).content?.[contentType]?.schema;
      if (!schema) throw new Error(`${operation} ${status} has no ${contentType} schema`);
      validate = this.ajv.compile({ allOf: [schema], components: this.document.components });
      this.cache.set(key, validate);
    }
    return validate;
  }
}

const describeWithSpec = present ? describe : describe.skip;

describeWithSpec('managed-API simulator responses match the OpenAPI document', () => {
  let api: ManagedApi;
  let clusterApi: ManagedApi;
  let schemas: SpecSchemas;
  const tokens: Record<string, string> = {};
  let clusterToken: string;

  beforeAll(async () => {
    schemas = new SpecSchemas(load(readFileSync(SPEC_PATH, 'utf8')) as Json);
    // Restarts take no time here: the cases after a restart must not meet stopped daemons.
    api = await startManagedApi({ agents: 30, versionCheck: 'all', managerRestartMs: 0 });
    tokens.admin = await login(api.url);
    tokens.readonly = await login(api.url, READONLY_USER);
    clusterApi = await startManagedApi({ agents: 30, cluster: DEMO_CLUSTER });
    clusterToken = await login(clusterApi.url);
  });
  afterAll(() => Promise.all([api.stop(), clusterApi.stop()]));

  it('covers every operation the simulator serves', () => {
    const served = Object.keys(
      allHandlers(createState(resolveOptions({ agents: 0 }), sequence(1))),
    );
    const covered = new Set(CASES.map((entry) => entry.operation));
    expect(served.filter((operation) => !covered.has(operation))).toEqual([]);
  });

  it('rejects bodies that break the schemas (the validators are live)', () => {
    const agents = schemas.validator('GET /agents', 200, 'application/json');
    expect(
      agents({
        data: {
          affected_items: [{ id: 7, status: 'sleeping' }],
          total_affected_items: 1,
          total_failed_items: 0,
          failed_items: [],
        },
      }),
    ).toBe(false);
    expect(
      schemas.validator('GET /agents', 401, 'application/json')({ title: 'Unauthorized' }),
    ).toBe(false);
  });

  async function send(entry: Case): Promise<SimulatorResponse> {
    const method = entry.status === 405 ? 'PATCH' : methodOf(entry.operation);
    const who = entry.as ?? 'admin';
    if (entry.cluster) {
      const url = `${clusterApi.url}${entry.path}`;
      return who === 'anonymous'
        ? call(url, { method })
        : request(clusterApi.url, clusterToken, method, entry.path, entry.body, entry.bodyType);
    }
    if (who === 'anonymous') return call(`${api.url}${entry.path}`, { method });
    if (who === 'basic') {
      const headers: Record<string, string> = { authorization: basicAuth(RUN_AS_USER) };
      if (entry.body) headers['content-type'] = 'application/json';
      return call(`${api.url}${entry.path}`, {
        method,
        headers,
        body: entry.body ? JSON.stringify(entry.body) : undefined,
      });
    }
    return request(
      api.url,
      tokens[who],
      method,
      entry.path,
      entry.status === 405 ? undefined : entry.body,
      entry.bodyType,
    );
  }

  it.each(
    CASES.map((entry) => [`${entry.operation} → ${entry.status} (${entry.path})`, entry] as const),
  )('%s', async (_, entry) => {
    const response = await send(entry);
    expect({ status: response.status, body: response.text.slice(0, 300) }).toEqual({
      status: entry.status,
      body: expect.any(String),
    });
    const mediaType = (response.headers.get('content-type') ?? '').split(';')[0];
    const specOperation = entry.specOperation ?? entry.operation;
    if (entry.contentType) {
      expect(mediaType).toBe(entry.contentType);
      expect(schemas.contentTypes(specOperation, entry.status)).toContain(entry.contentType);
      if (!entry.contentType.includes('json')) return;
    }
    // Errors are sent as problem+json; the document describes their bodies under application/json.
    const declared = mediaType === 'application/problem+json' ? 'application/json' : mediaType;
    const validate = schemas.validator(specOperation, entry.status, declared);
    const valid = validate(response.json);
    expect(valid ? [] : validate.errors).toEqual([]);
  });
});
