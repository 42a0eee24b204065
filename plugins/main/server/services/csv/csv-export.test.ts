import type { Readable } from 'node:stream';
import { MalformedApiResponseError, UpstreamRejectedError } from '../managed-api/errors';
import { RequestFieldError } from '../request-field-error';
import { AGENT_CSV_COLUMNS } from '../../../common/csv-columns';
import { CsvExportService, csvFilename, type CsvPageFetcher } from './csv-export';

/** The export asks agent lists for their columns only. */
const AGENT_SELECT = `select=${encodeURIComponent(AGENT_CSV_COLUMNS.join(','))}`;

function agent(index: number): Record<string, unknown> {
  const id = String(index).padStart(3, '0');
  return {
    id,
    name: `web-${id}`,
    ip: '10.0.0.1',
    status: 'active',
    group: ['default', 'web'],
    os: { name: 'Ubuntu', platform: 'ubuntu' },
    version: 'Wazuh v4.14.7',
  };
}

function envelope(items: unknown[], total: number): { status: number; data: unknown } {
  return {
    status: 200,
    data: {
      data: {
        affected_items: items,
        total_affected_items: total,
        total_failed_items: 0,
        failed_items: [],
      },
      error: 0,
    },
  };
}

/** Serves `total` agents page by page and records every page path asked for. */
function agentSource(total: number): {
  fetchPage: CsvPageFetcher;
  paths: string[];
  released(): Promise<void>;
} {
  const paths: string[] = [];
  let lastSignal: AbortSignal | undefined;
  const fetchPage: CsvPageFetcher = async (path, signal) => {
    paths.push(path);
    lastSignal = signal;
    const query = new URL(path, 'http://x').searchParams;
    const offset = Number(query.get('offset'));
    const limit = Number(query.get('limit'));
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) =>
      agent(offset + i),
    );
    return envelope(items, total);
  };
  // An export that ends aborts the signal of its page fetches: after that it fetches no more.
  const released = () =>
    new Promise<void>((resolve) => {
      if (!lastSignal || lastSignal.aborted) resolve();
      else lastSignal.addEventListener('abort', () => resolve(), { once: true });
    });
  return { fetchPage, paths, released };
}

async function readAll(stream: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

/** The managed-API client of the service; these tests hand every page in through `fetchPage`. */
const pagesFromFetchPage = {
  pageAs: async () => {
    throw new Error('pages come from fetchPage in these tests');
  },
};

const base = {
  apiHostId: 'prod',
  filters: [],
  signal: new AbortController().signal,
  now: new Date('2025-03-10T14:05:01Z'),
};

describe('CsvExportService', () => {
  it('pages through every item in a stable order and writes titled agent columns', async () => {
    const source = agentSource(25);
    const result = await new CsvExportService(
      { maxRows: 0, pageSize: 10 },
      pagesFromFetchPage,
    ).start({
      ...base,
      path: '/agents?q=status=active',
      fetchPage: source.fetchPage,
    });
    expect(result).toMatchObject({
      filename: 'agents-prod-20250310-140501.csv',
      totalRows: 25,
      exportedRows: 25,
    });
    const lines = (await readAll(result.stream)).split('\n');
    expect(lines[0]).toBe(
      'ID,Status,Name,IP address,Group,Manager,Node,Registration date,Version,Last keep alive,OS architecture,OS build,OS codename,OS major version,OS minor version,OS name,OS platform,OS uname,OS version',
    );
    expect(lines).toHaveLength(26);
    expect(lines[1]).toBe(
      '000,active,web-000,10.0.0.1,"default, web",,,,Wazuh v4.14.7,,,,,,,Ubuntu,ubuntu,,',
    );
    expect(lines[25].startsWith('024,')).toBe(true);
    expect(source.paths).toEqual([
      `/agents?q=status%3Dactive&${AGENT_SELECT}&offset=0&limit=10`,
      `/agents?q=status%3Dactive&${AGENT_SELECT}&offset=10&limit=10`,
      `/agents?q=status%3Dactive&${AGENT_SELECT}&offset=20&limit=5`,
    ]);
  });

  it('stops at the row limit and says how many rows exist', async () => {
    const source = agentSource(1000);
    const result = await new CsvExportService(
      { maxRows: 15, pageSize: 10 },
      pagesFromFetchPage,
    ).start({
      ...base,
      path: '/agents',
      fetchPage: source.fetchPage,
    });
    expect(result).toMatchObject({ totalRows: 1000, exportedRows: 15 });
    expect((await readAll(result.stream)).split('\n')).toHaveLength(16);
    expect(source.paths.map((path) => new URL(path, 'http://x').searchParams.get('limit'))).toEqual(
      ['10', '5'],
    );
  });

  it('merges filters, keeps the caller sort and makes it stable', async () => {
    const source = agentSource(1);
    await new CsvExportService({ maxRows: 0, pageSize: 10 }, pagesFromFetchPage).start({
      ...base,
      path: '/agents',
      filters: [
        { name: 'status', value: 'active' },
        { name: 'status', value: 'disconnected' },
        { name: 'sort', value: '-name' },
      ],
      fetchPage: source.fetchPage,
    });
    const query = new URL(source.paths[0], 'http://x').searchParams;
    expect(query.get('status')).toBe('active,disconnected');
    expect(query.get('sort')).toBe('-name,id');
  });

  it.each([
    [{ path: '/agents?limit=5' }, 'path'],
    [{ path: '/agents?offset=5' }, 'path'],
    [{ path: '//evil/agents' }, 'path'],
    [{ path: '/' }, 'path'],
    [{ path: '/agents', filters: [{ name: 'limit', value: 5 }] }, 'filters.0.name'],
  ])('refuses %j', async (request, field) => {
    const source = agentSource(1);
    await expect(
      new CsvExportService({ maxRows: 0, pageSize: 10 }, pagesFromFetchPage).start({
        ...base,
        fetchPage: source.fetchPage,
        ...request,
      }),
    ).rejects.toMatchObject({
      constructor: RequestFieldError,
      field,
    });
    expect(source.paths).toEqual([]);
  });

  it('sorts other lists on their unique field', async () => {
    const paths: string[] = [];
    const fetchPage: CsvPageFetcher = async (path) => {
      paths.push(path);
      return envelope([], 0);
    };
    await new CsvExportService({ maxRows: 0, pageSize: 10 }, pagesFromFetchPage).start({
      ...base,
      path: '/decoders',
      fetchPage,
    });
    expect(new URL(paths[0], 'http://x').searchParams.get('sort')).toBe('filename,position');
  });

  it('flattens the items of other lists into dotted columns', async () => {
    const fetchPage: CsvPageFetcher = async () =>
      envelope(
        [
          {
            id: 5,
            level: 3,
            description: 'He said "hi", then left',
            groups: ['syslog'],
            mitre: { id: ['T1110'] },
          },
          { id: 6, level: 7, description: '=HYPERLINK("http://evil")', gdpr: ['IV_35.7.d'] },
        ],
        2,
      );
    const result = await new CsvExportService(
      { maxRows: 0, pageSize: 10 },
      pagesFromFetchPage,
    ).start({
      ...base,
      path: '/rules',
      fetchPage,
    });
    expect(await readAll(result.stream)).toBe(
      [
        'ID,Level,Description,Groups,MITRE ID,GDPR',
        '5,3,"He said ""hi"", then left",syslog,T1110,',
        `6,7,"'=HYPERLINK(""http://evil"")",,,IV_35.7.d`,
      ].join('\n'),
    );
  });

  it('writes only the header when nothing matches', async () => {
    const result = await new CsvExportService(
      { maxRows: 0, pageSize: 10 },
      pagesFromFetchPage,
    ).start({
      ...base,
      path: '/agents',
      fetchPage: agentSource(0).fetchPage,
    });
    expect((await readAll(result.stream)).split('\n')).toHaveLength(1);
  });

  it('fails before the first byte with the upstream problem', async () => {
    const fetchPage: CsvPageFetcher = async () => ({
      status: 403,
      data: {
        title: 'Permission Denied',
        detail: 'Permission denied: Resource type: agent:id',
        error: 4000,
      },
    });
    const failure = new CsvExportService({ maxRows: 0, pageSize: 10 }, pagesFromFetchPage).start({
      ...base,
      path: '/agents',
      fetchPage,
    });
    await expect(failure).rejects.toBeInstanceOf(UpstreamRejectedError);
    await expect(failure).rejects.toMatchObject({ statusCode: 403, upstream: { error: 4000 } });
    const malformed = new CsvExportService({ maxRows: 0, pageSize: 10 }, pagesFromFetchPage).start({
      ...base,
      path: '/agents',
      fetchPage: async () => ({ status: 200, data: { data: {} } }),
    });
    await expect(malformed).rejects.toBeInstanceOf(MalformedApiResponseError);
  });

  it('breaks the stream when a later page fails, instead of ending a short file', async () => {
    const source = agentSource(30);
    const fetchPage: CsvPageFetcher = async (path, signal) => {
      if (path.includes('offset=20')) throw new Error('host went away');
      return source.fetchPage(path, signal);
    };
    const result = await new CsvExportService(
      { maxRows: 0, pageSize: 10 },
      pagesFromFetchPage,
    ).start({
      ...base,
      path: '/agents',
      fetchPage,
    });
    await expect(readAll(result.stream)).rejects.toThrow('host went away');
    expect(result.stream.destroyed).toBe(true);
  });

  it('breaks the stream when the list shrinks, so its headers never claim rows it lacks', async () => {
    const fetchPage: CsvPageFetcher = async (path) =>
      path.includes('offset=0')
        ? envelope(
            Array.from({ length: 10 }, (_, i) => agent(i)),
            25,
          )
        : envelope([], 10);
    const result = await new CsvExportService(
      { maxRows: 0, pageSize: 10 },
      pagesFromFetchPage,
    ).start({ ...base, path: '/agents', fetchPage });
    expect(result.exportedRows).toBe(25);
    await expect(readAll(result.stream)).rejects.toThrow('10 of 25 items were written');
    expect(result.stream.destroyed).toBe(true);
  });

  it('skips filters with an empty name or value, as the reference product does', async () => {
    const source = agentSource(3);
    await new CsvExportService({ maxRows: 0, pageSize: 10 }, pagesFromFetchPage).start({
      ...base,
      path: '/agents',
      filters: [
        { name: '', value: 'x' },
        { name: 'status', value: '' },
        { name: 'group', value: null },
        { name: 'q', value: 'os.platform=ubuntu' },
      ],
      fetchPage: source.fetchPage,
    });
    const query = new URL(source.paths[0], 'http://x').searchParams;
    expect(query.has('status')).toBe(false);
    expect(query.has('group')).toBe(false);
    expect(query.get('q')).toBe('os.platform=ubuntu');
  });

  describe('CDB lists', () => {
    const lists = [
      {
        filename: 'audit-keys',
        relative_dirname: 'etc/lists',
        items: [
          { key: 'audit-wazuh-w', value: 'write' },
          { key: '=cmd', value: '@x' },
        ],
      },
      { filename: 'ips', relative_dirname: 'etc/lists', items: [{ key: '10.0.0.1', value: '' }] },
    ];
    const fetchPage: CsvPageFetcher = async () => envelope(lists, 2);

    it('exports every entry of every list with its directory', async () => {
      const result = await new CsvExportService(
        { maxRows: 0, pageSize: 10 },
        pagesFromFetchPage,
      ).start({ ...base, path: '/lists', fetchPage });
      expect((await readAll(result.stream)).split('\n')).toEqual([
        'Path,Key,Value',
        'etc/lists,audit-wazuh-w,write',
        "etc/lists,'=cmd,'@x",
        'etc/lists,10.0.0.1,',
      ]);
      expect(result.exportedRows).toBeUndefined();
    });

    it('exports key and value only for one list marked _isCDBList', async () => {
      const result = await new CsvExportService(
        { maxRows: 0, pageSize: 10 },
        pagesFromFetchPage,
      ).start({
        ...base,
        path: '/lists',
        filters: [{ _isCDBList: true, name: 'filename', value: 'audit-keys' }],
        fetchPage,
      });
      expect((await readAll(result.stream)).split('\n').slice(0, 2)).toEqual([
        'Key,Value',
        'audit-wazuh-w,write',
      ]);
    });
  });

  it('neutralises column titles made from item keys', async () => {
    const fetchPage: CsvPageFetcher = async () => envelope([{ '=evil': 1, '-x': 2 }], 1);
    const result = await new CsvExportService(
      { maxRows: 0, pageSize: 10 },
      pagesFromFetchPage,
    ).start({ ...base, path: '/custom', fetchPage });
    const header = (await readAll(result.stream)).split('\n')[0];
    expect(header.split(',').every((title) => !/^[=+\-@]/.test(title))).toBe(true);
  });

  it('stops fetching when the download is cancelled', async () => {
    const source = agentSource(100_000);
    const controller = new AbortController();
    const result = await new CsvExportService(
      { maxRows: 0, pageSize: 100 },
      pagesFromFetchPage,
    ).start({
      ...base,
      path: '/agents',
      fetchPage: source.fetchPage,
      signal: controller.signal,
    });
    for await (const chunk of result.stream) {
      expect(chunk).toBeDefined();
      break;
    }
    controller.abort();
    await source.released();
    expect(source.paths.length).toBeLessThan(10);
  });
});

describe('csvFilename', () => {
  it('names what, where and when', () => {
    expect(
      csvFilename('/sca/001/checks/cis_ubuntu', 'prod', new Date('2025-01-02T03:04:05Z')),
    ).toBe('sca-001-checks-cis_ubuntu-prod-20250102-030405.csv');
  });
});
