/**
 * The ruleset test: paste one or many log lines, pick the log format and location, and see for each
 * line its pre-decoding, decoder and matched rule from `PUT /logtest`. The session token is kept
 * between runs (for this host, in the tab's session storage) and can be cleared.
 */
import {
  EuiBadge,
  EuiBasicTable,
  EuiButton,
  EuiButtonEmpty,
  EuiCallOut,
  EuiCodeBlock,
  EuiFieldText,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormRow,
  EuiLink,
  EuiSelect,
  EuiSpacer,
  EuiText,
  EuiTextArea,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useMemo, useState, type ReactNode } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { HOST_URL_PARAM } from '../../components/selected-host';
import { useSvcServices } from '../../components/services-context';
import { type LogtestOutput, RulesetApi } from '../../services/ruleset-api';
import { toSvcError } from '../../services/svc-error';

/** The log formats the manager's logtest accepts. */
const LOG_FORMATS = [
  'syslog',
  'json',
  'snort-full',
  'squid',
  'eventlog',
  'eventchannel',
  'audit',
  'mysql_log',
  'postgresql_log',
  'nmapg',
  'iis',
  'command',
  'full_command',
  'djb-multilog',
  'multi-line',
];

const SAMPLE =
  'Dec 10 01:02:02 web-01 sshd[1234]: Failed password for root from 10.0.0.5 port 22 ssh2';

export interface TestedLine {
  line: number;
  event: string;
  output?: LogtestOutput;
  error?: string;
}

/** The lines to test: one event per non-empty line. */
function eventsOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

function tokenKey(apiHostId: string): string {
  return `svc:logtest-token:${apiHostId}`;
}

function describe(output: LogtestOutput): Array<{ title: string; value: string }> {
  const rows: Array<{ title: string; value: string }> = [];
  for (const [name, value] of Object.entries(output.predecoder ?? {}))
    rows.push({ title: `predecoder.${name}`, value: String(value) });
  if (output.decoder?.parent) rows.push({ title: 'decoder.parent', value: output.decoder.parent });
  if (output.decoder?.name) rows.push({ title: 'decoder.name', value: output.decoder.name });
  for (const [name, value] of Object.entries(output.data ?? {}))
    rows.push({ title: `data.${name}`, value: String(value) });
  return rows;
}

export function RulesetTest({ host }: { host: ApiHost }) {
  const { api, core } = useSvcServices();
  const ruleset = useMemo(() => new RulesetApi(api, host.id), [api, host.id]);
  const [text, setText] = useState(SAMPLE);
  const [logFormat, setLogFormat] = useState('syslog');
  const [location, setLocation] = useState('/var/log/auth.log');
  const [token, setToken] = useState(() => sessionStorage.getItem(tokenKey(host.id)) ?? undefined);
  const [results, setResults] = useState<TestedLine[]>([]);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [expanded, setExpanded] = useState<Record<number, ReactNode>>({});

  const keepToken = (value: string | undefined) => {
    setToken(value);
    if (value) sessionStorage.setItem(tokenKey(host.id), value);
    else sessionStorage.removeItem(tokenKey(host.id));
  };

  const run = async () => {
    setRunning(true);
    setFailure(undefined);
    setExpanded({});
    const tested: TestedLine[] = [];
    let session = token;
    // One after the other: each run continues the same session, as the manager expects.
    for (const [index, event] of eventsOf(text).entries()) {
      try {
        const result = await ruleset.logtest({
          event,
          log_format: logFormat,
          location,
          ...(session ? { token: session } : {}),
        });
        session = result.token;
        tested.push({ line: index + 1, event, output: result.output });
      } catch (error) {
        const svcError = toSvcError(error, 'logtest:run');
        setFailure(svcError.detail || svcError.title);
        break;
      }
    }
    keepToken(session);
    setResults(tested);
    setRunning(false);
  };

  const clearSession = async () => {
    if (!token) return;
    try {
      await ruleset.endLogtestSession(token);
    } catch {
      // The manager may have ended it already (sessions expire): forgetting it is what matters.
    }
    keepToken(undefined);
    core.notifications.toasts.addSuccess({
      title: 'Ruleset test session cleared',
      'data-test-subj': 'logtestSessionCleared',
    });
  };

  const ruleLink = (id: string) =>
    core.application.getUrlForApp('svc-rules', {
      path: `?${HOST_URL_PARAM}=${encodeURIComponent(host.id)}&rule=${id}`,
    });

  const columns: Array<EuiBasicTableColumn<TestedLine>> = [
    { field: 'line', name: 'Line', width: '60px' },
    { field: 'event', name: 'Event', truncateText: true },
    {
      name: 'Decoder',
      width: '140px',
      render: (row: TestedLine) => row.output?.decoder?.name ?? '—',
    },
    {
      name: 'Rule',
      width: '90px',
      render: (row: TestedLine) =>
        row.output?.rule ? (
          <EuiLink href={ruleLink(row.output.rule.id)} data-test-subj="logtestRuleLink">
            {row.output.rule.id}
          </EuiLink>
        ) : (
          <EuiText size="s" color="subdued" data-test-subj="logtestNoRule">
            no match
          </EuiText>
        ),
    },
    {
      name: 'Level',
      width: '70px',
      render: (row: TestedLine) =>
        row.output?.rule ? <EuiBadge>{row.output.rule.level}</EuiBadge> : null,
    },
    {
      name: 'Description',
      render: (row: TestedLine) => row.output?.rule?.description ?? '',
    },
    {
      name: 'Groups',
      render: (row: TestedLine) => (row.output?.rule?.groups ?? []).join(', '),
    },
    {
      width: '40px',
      isExpander: true,
      render: (row: TestedLine) => (
        <EuiButtonEmpty
          size="xs"
          iconType={expanded[row.line] ? 'chevronSingleDown' : 'chevronSingleRight'}
          aria-label="Show the decoding of this line"
          onClick={() =>
            setExpanded((current) => {
              const next = { ...current };
              if (next[row.line]) delete next[row.line];
              else next[row.line] = <LineDetails row={row} />;
              return next;
            })
          }
        />
      ),
    },
  ];

  return (
    <>
      <EuiFlexGroup gutterSize="m" wrap>
        <EuiFlexItem grow={false} style={{ minWidth: 180 }}>
          <EuiFormRow label="Log format">
            <EuiSelect
              options={LOG_FORMATS.map((format) => ({ value: format, text: format }))}
              value={logFormat}
              onChange={(event) => setLogFormat(event.target.value)}
              data-test-subj="logtestFormat"
            />
          </EuiFormRow>
        </EuiFlexItem>
        <EuiFlexItem grow={false} style={{ minWidth: 260 }}>
          <EuiFormRow label="Location">
            <EuiFieldText
              value={location}
              onChange={(event) => setLocation(event.target.value)}
              data-test-subj="logtestLocation"
            />
          </EuiFormRow>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiFormRow label="Log lines (one event per line)" fullWidth>
        <EuiTextArea
          fullWidth
          rows={6}
          value={text}
          onChange={(event) => setText(event.target.value)}
          style={{ fontFamily: "'Roboto Mono', Menlo, Consolas, monospace" }}
          data-test-subj="logtestEvents"
        />
      </EuiFormRow>
      <EuiSpacer size="s" />
      <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false}>
        <EuiFlexItem grow={false}>
          <EuiButton
            fill
            iconType="play"
            isLoading={running}
            isDisabled={eventsOf(text).length === 0 || location.trim() === ''}
            onClick={run}
            data-test-subj="runLogtest"
          >
            Test
          </EuiButton>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty
            iconType="eraser"
            isDisabled={!token}
            onClick={clearSession}
            data-test-subj="clearLogtestSession"
          >
            Clear session
          </EuiButtonEmpty>
        </EuiFlexItem>
        {token && (
          <EuiFlexItem grow={false}>
            <EuiText size="xs" color="subdued" data-test-subj="logtestToken">
              Session {token}
            </EuiText>
          </EuiFlexItem>
        )}
      </EuiFlexGroup>
      <EuiSpacer />
      {failure && (
        <>
          <EuiCallOut
            color="danger"
            iconType="error"
            title="The ruleset test failed"
            data-test-subj="logtestError"
          >
            <p>{failure}</p>
          </EuiCallOut>
          <EuiSpacer />
        </>
      )}
      {results.length > 0 && (
        <EuiBasicTable<TestedLine>
          items={results}
          columns={columns}
          itemId="line"
          itemIdToExpandedRowMap={expanded}
          data-test-subj="logtestResults"
        />
      )}
    </>
  );
}

function LineDetails({ row }: { row: TestedLine }) {
  const rows = row.output ? describe(row.output) : [];
  return (
    <div data-test-subj="logtestLineDetails" style={{ width: '100%' }}>
      <EuiText size="s">
        <h4>Pre-decoding and decoding</h4>
      </EuiText>
      {rows.length === 0 ? (
        <EuiText size="s" color="subdued">
          <p>No decoder matched this line.</p>
        </EuiText>
      ) : (
        <EuiCodeBlock language="text" fontSize="s" paddingSize="s">
          {rows.map(({ title, value }) => `${title}: ${value}`).join('\n')}
        </EuiCodeBlock>
      )}
    </div>
  );
}
