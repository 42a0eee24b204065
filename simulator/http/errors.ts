/**
 * Error codes the simulator raises, with the HTTP status the managed API uses when the code is raised
 * (rather than reported as a per-item failure). Messages are the managed API's literal short messages
 * where clients may match on them; remediations are the simulator's own wording, except 4000's, which
 * clients display verbatim.
 */
export interface ErrorDefinition {
  status: number;
  message: string;
  remediation?: string;
}

const RBAC_DOCS = 'https://documentation.wazuh.com/4.14/user-manual/api/rbac/configuration.html';

export const ERROR_CODES = {
  1000: {
    status: 500,
    message: 'Wazuh Internal Error',
    remediation: 'Check the manager and API logs for details',
  },
  1017: { status: 500, message: 'Some Wazuh daemons are not ready yet in node "node01"' },
  1018: { status: 400, message: 'Body request is not a valid JSON' },
  1101: {
    status: 400,
    message: 'Requested component does not exist',
    remediation: 'Ask for a component and configuration the agent has, such as agent/client',
  },
  1103: {
    status: 400,
    message: 'Invalid field in section',
    remediation: 'Use a field present in the section',
  },
  1106: { status: 400, message: 'Requested section not present in configuration' },
  1112: { status: 400, message: 'Empty files are not supported' },
  1113: { status: 400, message: 'XML syntax error' },
  1210: { status: 400, message: 'Uploading, updating or deleting default rules is not allowed' },
  1203: {
    status: 400,
    message: "Error in argument 'level'",
    remediation: "Use a level such as '4' or a range such as '2-4'",
  },
  1208: {
    status: 400,
    message: 'The rule does not exist or you do not have permission to see it',
    remediation: 'List the available rules with GET /rules',
  },
  1403: {
    status: 400,
    message: 'Not a valid sort field',
    remediation: 'Use one of the allowed sort fields',
  },
  1407: {
    status: 400,
    message: 'Query does not match expected format',
    remediation: 'Check the syntax of the q parameter',
  },
  1408: { status: 400, message: 'Field does not exist' },
  1409: { status: 400, message: 'Invalid query operator' },
  1411: {
    status: 400,
    message: 'TimeFrame is not valid',
    remediation: "Use a number of seconds or a number followed by 's', 'm', 'h' or 'd'",
  },
  1412: {
    status: 400,
    message: 'Date filter not valid',
    remediation: 'Use YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or YYYY-MM-DDTHH:MM:SSZ',
  },
  1504: {
    status: 400,
    message: 'The decoder does not exist or you do not have permission to see it',
    remediation: 'List the available decoders with GET /decoders',
  },
  1505: {
    status: 400,
    message: 'Uploading, updating or deleting default decoders is not allowed',
  },
  1701: {
    status: 404,
    message: 'Agent does not exist',
    remediation: 'List the registered agents with GET /agents?select=id,name',
  },
  1703: {
    status: 400,
    message: 'Action not available for Manager (agent 000)',
    remediation: 'Choose an agent other than 000',
  },
  1705: {
    status: 400,
    message: 'There is an agent with the same name',
    remediation: 'Please choose another name',
  },
  1706: {
    status: 400,
    message: 'There is an agent with the same IP or the IP is invalid',
    remediation: "Choose another IP or use 'any'",
  },
  1707: {
    status: 400,
    message: 'Cannot send request, agent is not active',
    remediation: 'Wait until the agent is connected again, then retry',
  },
  1710: {
    status: 404,
    message: 'The group does not exist',
    remediation: 'Please, use `GET /agents/groups` to find all available groups',
  },
  1711: {
    status: 400,
    message: 'The group already exists',
    remediation: 'Please, use another group ID',
  },
  1712: { status: 400, message: "Default group can't be removed" },
  1724: {
    status: 400,
    message: 'Not a valid select field',
    remediation: 'Use one of the allowed select fields',
  },
  1731: {
    status: 400,
    message: 'Agent is not eligible for the action to be performed',
    remediation: 'Please, make sure the agent meets the requirements.',
  },
  1734: {
    status: 400,
    message: 'Agent does not belong to the specified group',
    remediation: 'List the agent groups with GET /agents?select=group',
  },
  1738: {
    status: 400,
    message: 'Agent name is too long',
    remediation: 'Use a name of at most 128 characters',
  },
  1730: {
    status: 404,
    message: 'Node does not exist',
    remediation: 'List the cluster nodes with GET /cluster/nodes',
  },
  1740: {
    status: 400,
    message: 'Action only available for active agents',
    remediation: 'Wait until the agent is connected, then retry',
  },
  1745: {
    status: 400,
    message: 'Agent only belongs to the default group and it cannot be removed from it',
    remediation: 'Assign the agent to another group first',
  },
  1751: {
    status: 400,
    message: 'Could not assign agent to group',
    remediation: 'The agent already belongs to the group',
  },
  1819: {
    status: 400,
    message: 'Upgrade procedure could not start. Agent already updated',
  },
  1800: {
    status: 400,
    message: 'Bad format in CDB list',
    remediation: 'Write one "key:value" entry per line; quote a key that holds ":"',
  },
  1905: {
    status: 400,
    message: 'File could not be uploaded, it already exists',
    remediation: 'Use overwrite=true to replace it',
  },
  1906: { status: 404, message: 'File does not exist' },
  1907: { status: 400, message: 'File could not be deleted' },
  1908: { status: 400, message: 'Error validating configuration' },
  2100: { status: 500, message: 'Error in CTI service request' },
  3013: {
    status: 400,
    message: 'Cluster is not running, it might be disabled in `WAZUH_HOME/etc/ossec.conf`',
    remediation: 'Enable the cluster in the manager configuration and restart it',
  },
  3021: {
    status: 500,
    message: 'Timeout executing API request',
    remediation: 'Retry with wait_for_complete=true or a narrower request',
  },
  4000: {
    status: 403,
    message: 'Permission denied',
    remediation: `Please, make sure you have permissions to execute the current request. For more information on how to set up permissions, please visit ${RBAC_DOCS}`,
  },
  4001: {
    status: 400,
    message: 'The body of the request is empty, you must specify what you want to modify',
  },
  4002: {
    status: 404,
    message: 'The specified role does not exist',
    remediation: 'Create the role with POST /security/roles',
  },
  4003: { status: 400, message: 'The specified rule is invalid' },
  4005: { status: 400, message: 'The specified name or rule already exists' },
  4006: {
    status: 400,
    message: 'The specified policy is invalid',
    remediation:
      'A policy needs "actions", "resources" and "effect"; resources are written type:attribute:value, e.g. agent:id:001',
  },
  4007: {
    status: 404,
    message: 'The specified policy does not exist',
    remediation: 'Create the policy with POST /security/policies',
  },
  4008: {
    status: 400,
    message: "The specified resource is required for a correct Wazuh's functionality",
  },
  4009: { status: 400, message: 'The specified name or policy already exists' },
  4010: { status: 400, message: 'The specified role-policy relation does not exist' },
  4011: { status: 400, message: 'The specified role-policy link already exist' },
  4013: { status: 400, message: 'The specified name already exists' },
  4016: { status: 400, message: 'The specified user-role relation does not exist' },
  4017: { status: 400, message: 'The specified user-role relation already exists' },
  4020: { status: 400, message: 'Invalid endpoint specified' },
  4022: {
    status: 404,
    message: 'The specified security rule does not exist',
    remediation: 'Create the security rule with POST /security/rules',
  },
  4023: { status: 400, message: 'The specified role-rule relation already exist' },
  4024: { status: 400, message: 'The specified role-rule relation does not exist' },
  5000: {
    status: 400,
    message: 'The user could not be created',
    remediation: 'Check that no user of that name exists (GET /security/users)',
  },
  5001: {
    status: 404,
    message: 'The user does not exist',
    remediation: 'Create the user with POST /security/users',
  },
  5004: {
    status: 400,
    message: 'The user could not be removed or updated',
    remediation: 'Administrator users cannot be removed or updated',
  },
  5007: {
    status: 400,
    message: 'Insecure user password provided',
    remediation:
      'The password must contain at least one upper and lower case letter, a number and a symbol.',
  },
  5008: {
    status: 400,
    message: 'The current user cannot be deleted',
    remediation: 'Delete this user as another user with the permission to',
  },
  5009: {
    status: 400,
    message: 'Insecure user password provided',
    remediation: 'The password must contain a length between 8 and 64 characters.',
  },
  5011: {
    status: 400,
    message: 'Administrator users can only be modified by themselves',
    remediation: 'Log in as administrator and try again',
  },
  6000: {
    status: 403,
    message:
      'Limit of login attempts reached. The current IP has been blocked due to a high number of login attempts',
  },
  6001: {
    status: 429,
    message: 'Maximum number of requests per minute reached',
    remediation:
      'This limit can be changed in api.yaml file. More information here: https://documentation.wazuh.com/4.14/user-manual/api/configuration.html#configuration-file',
  },
  6004: {
    status: 403,
    message: 'The current user does not have authentication enabled through authorization context',
    remediation: 'Enable it for the user with PUT /security/users/{user_id}/run_as',
  },
  7000: { status: 400, message: 'Error trying to get logtest response' },
} satisfies Record<number, ErrorDefinition>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Title of a problem body by HTTP status, as the managed API's exception classes name them. */
export function problemTitle(status: number): string {
  switch (status) {
    case 400:
      return 'Bad Request';
    case 403:
      return 'Permission Denied';
    case 404:
      return 'Resource Not Found';
    case 406:
      return 'Not Acceptable';
    case 429:
      return 'Too Many Requests';
    default:
      return 'Wazuh Internal Error';
  }
}
