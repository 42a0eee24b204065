/**
 * The reference product's `react-services/wz-csv.js` (`exportCsv` through `WzRequest.csvReq`) as the
 * CDB-list views call it (`cdblists/components/columns.tsx`, `cdblists/views/list-editor.tsx`), and
 * the list file it exports, saved as `resources-handler.ts` saves it.
 */
import { HOST_ID, leakedSecrets, startMainTestEnv, type MainTestEnv } from '../main/support';

jest.setTimeout(60_000);

const LIST = 'export-check';
const CONTENT = [
  'audit-wazuh-w:write',
  '=1+1:formula',
  '@SUM(A1):at',
  '-2+3:minus',
  "cmd|' /C calc'!A0:dde",
].join('\n');

describe('wz-csv.js against POST /api/csv', () => {
  let env: MainTestEnv;

  beforeAll(async () => {
    env = await startMainTestEnv();
    const saved = await env.admin.post('/api/request', {
      body: {
        id: HOST_ID,
        method: 'PUT',
        path: `/lists/files/${LIST}`,
        body: { params: { overwrite: true }, body: `${CONTENT}\n`, origin: 'raw' },
      },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    expect(leakedSecrets(env)).toEqual([]);
    await env.stop();
  });

  it("list-editor.tsx: one list's entries as Key,Value, every formula neutralised", async () => {
    const response = await env.user.post('/api/csv', {
      body: {
        path: '/lists',
        id: HOST_ID,
        filters: [
          { _isCDBList: true, name: 'relative_dirname', value: 'etc/lists' },
          { _isCDBList: true, name: 'filename', value: LIST },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.text.split('\n')).toEqual([
      'Key,Value',
      'audit-wazuh-w,write',
      "'=1+1,formula",
      "'@SUM(A1),at",
      "'-2+3,minus",
      "'cmd|' /C calc'!A0,dde",
    ]);
  });

  it('the lists table: every list flattened with its directory', async () => {
    const response = await env.user.post('/api/csv', {
      body: { path: '/lists', id: HOST_ID, filters: [] },
    });
    expect(response.status).toBe(200);
    const lines = response.text.split('\n');
    expect(lines[0]).toBe('Path,Key,Value');
    expect(lines).toContain('etc/lists,audit-wazuh-w,write');
    expect(lines.slice(1).every((line) => line.startsWith('etc/lists,'))).toBe(true);
  });

  it('skips filters with an empty name or value instead of refusing them', async () => {
    const response = await env.user.post('/api/csv', {
      body: {
        path: '/agents',
        id: HOST_ID,
        filters: [
          { name: 'status', value: '' },
          { name: '', value: 'active' },
          { name: 'q', value: 'id=000' },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.text.split('\n')).toHaveLength(2);
  });
});
