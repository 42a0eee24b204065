import { screen, waitFor, within } from '@testing-library/react';
import { READ_ONLY_REASON } from '../../components/ruleset/use-can-write';
import { itemsEnvelope, type ManagedApiCallSeen } from '../../test-support/mock-http';
import { renderApp } from '../../test-support/render-app';
import { groupNameProblem } from './groups-view';
import { GroupsView } from './index';

jest.setTimeout(60_000);

/**
 * `listRead` stands between the list's reads and their answers (by default, none waits); `policies`
 * is what `GET /security/users/me/policies` answers (unread by default: nothing is disabled).
 */
function setup(
  url: string,
  roles?: string[],
  listRead: () => Promise<void> = async () => {},
  policies?: object,
) {
  const groups = new Map([
    ['default', 3],
    ['web', 1],
  ]);
  return renderApp(<GroupsView />, {
    title: 'Groups',
    url,
    roles,
    managedApi: async (call: ManagedApiCallSeen) => {
      if (policies && call.method === 'GET' && call.path === '/security/users/me/policies')
        return { data: policies, error: 0 };
      if (call.method === 'GET' && call.path === '/groups') {
        const answer = itemsEnvelope(
          [...groups].map(([name, count]) => ({ name, count, configSum: 'ab12' })),
        );
        await listRead();
        return answer;
      }
      if (call.method === 'POST' && call.path === '/groups') {
        const name = (call.body as { group_id: string }).group_id;
        groups.set(name, 0);
        return { message: `Group '${name}' created.`, error: 0 };
      }
      if (call.method === 'DELETE' && call.path === '/groups') {
        groups.delete(call.query.groups_list);
        return itemsEnvelope([call.query.groups_list]);
      }
      if (call.method === 'GET' && /^\/groups\/[^/]+\/files\/agent.conf$/.test(call.path))
        return '<agent_config>\n</agent_config>\n';
      if (call.method === 'GET' && /^\/groups\/[^/]+\/agents$/.test(call.path))
        return itemsEnvelope([
          { id: '001', name: 'web-001', ip: '10.0.0.1', status: 'active', group: ['web'] },
        ]);
      throw new Error(`unexpected ${call.method} ${call.path}`);
    },
  });
}

describe('Groups app', () => {
  it('creates a group from its name (Enter submits) and opens it', async () => {
    const { user, mock, history } = setup('/?host=prod');
    await screen.findByTestId('openGroup-web');
    await user.click(screen.getByTestId('newGroup'));
    const name = screen.getByTestId('newGroupModalName');
    await user.type(name, 'all');
    expect(screen.getByTestId('newGroupModalCreate')).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'payments{Enter}');
    await screen.findByTestId('groupTitle');
    expect(screen.getByTestId('groupTitle')).toHaveTextContent('payments');
    expect(new URLSearchParams(history.location.search).get('group')).toBe('payments');
    expect(mock.managedApiCalls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/groups', body: { group_id: 'payments' } }),
    );
  });

  it('deletes a group after a confirmation naming it; default cannot be deleted', async () => {
    const { user, mock } = setup('/?host=prod&group=web');
    await screen.findByTestId('groupTitle');
    await user.click(screen.getByTestId('groupDelete'));
    const modal = await screen.findByTestId('confirmDeleteGroup');
    expect(modal).toHaveTextContent('Delete the group web?');
    await user.click(within(modal).getByText('Delete'));
    await waitFor(() =>
      expect(mock.managedApiCalls).toContainEqual(
        expect.objectContaining({
          method: 'DELETE',
          path: '/groups',
          query: { groups_list: 'web' },
        }),
      ),
    );
    await screen.findByTestId('groupsTable');
    await screen.findByTestId('openGroup-default');
    expect(screen.queryByTestId('openGroup-web')).toBeNull();
    await user.click(screen.getByTestId('openGroup-default'));
    await screen.findByTestId('groupTitle');
    expect(screen.queryByTestId('groupDelete')).toBeNull();
  });

  it('drops a deleted group from the list at once, not when the list is read again', async () => {
    let release: () => void = () => undefined;
    let holding = false;
    const { user, mock } = setup('/?host=prod', undefined, () =>
      holding ? new Promise((resolve) => (release = resolve)) : Promise.resolve(),
    );
    await screen.findByTestId('openGroup-web');
    holding = true;
    const row = screen.getByTestId('openGroup-web').closest('tr') as HTMLElement;
    await user.click(within(row).getByTestId('deleteGroupRow'));
    await user.click(within(await screen.findByTestId('confirmDeleteGroup')).getByText('Delete'));
    await waitFor(() => expect(screen.queryByTestId('openGroup-web')).toBeNull());
    // The list's new read is still held: what the table shows came from the deletion.
    expect(mock.managedApiCalls.filter((call) => call.path === '/groups')).toHaveLength(3);
    expect(screen.getByTestId('openGroup-default')).toBeInTheDocument();
    release();
  });

  it('shows read-only users no write action, with the reason', async () => {
    const { user } = setup('/?host=prod', ['user']);
    await screen.findByTestId('openGroup-web');
    expect(screen.getByTestId('newGroup')).toBeDisabled();
    expect(screen.getByTestId('newGroup')).toHaveAttribute('title', READ_ONLY_REASON);
    expect(screen.getByTestId('deleteGroupRow')).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByTestId('openGroup-web'));
    expect(await screen.findByTestId('readOnlyReason')).toHaveTextContent(READ_ONLY_REASON);
    await screen.findByText('web-001');
    for (const action of ['groupDelete', 'groupSave', 'addGroupAgents', 'bulkActionsButton'])
      expect(screen.queryByTestId(action)).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });
});

describe("Groups app and the user's policies", () => {
  it('disables what the policies deny, naming the missing permission', async () => {
    const { user, mock } = setup('/?host=prod', undefined, undefined, {
      'group:create': { '*:*:*': 'allow' },
      'group:delete': { 'group:id:*': 'allow', 'group:id:web': 'deny' },
      'group:update_config': { 'group:id:default': 'allow' },
      'agent:modify_group': { 'agent:id:*': 'allow' },
      rbac_mode: 'white',
    });
    await screen.findByTestId('openGroup-web');
    await waitFor(() =>
      expect(screen.getByTestId('deleteGroupRow')).toHaveAttribute('aria-disabled', 'true'),
    );
    expect(screen.getByTestId('newGroup')).toBeEnabled();
    expect(screen.getByTestId('deleteGroupRow')).toHaveAccessibleName(
      'Delete (needs group:delete on group:id:web)',
    );
    await user.click(screen.getByTestId('openGroup-web'));
    expect(await screen.findByTestId('readOnlyReason')).toHaveTextContent(
      'needs group:update_config on group:id:web',
    );
    await screen.findByText('web-001');
    expect(screen.queryByTestId('groupDelete')).toBeNull();
    expect(screen.getByTestId('addGroupAgents')).toBeDisabled();
    expect(screen.getByTestId('addGroupAgents-why')).toHaveAttribute(
      'aria-label',
      'needs group:modify_assignments on group:id:web',
    );
    expect(mock.managedApiCalls.some((call) => call.method !== 'GET')).toBe(false);
  });
});

describe('group names', () => {
  it('takes the names the managed API takes', () => {
    expect(groupNameProblem('web-01.eu_2', [])).toBeUndefined();
    expect(groupNameProblem('a b', [])).toBe('Use letters, digits, ".", "-" or "_"');
    expect(groupNameProblem('..', [])).toBe('".." is reserved');
    expect(groupNameProblem('web', ['web'])).toBe('A group with this name exists');
  });
});
