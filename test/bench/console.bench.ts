/**
 * API console completion: time of one completion query per keystroke while realistic requests are
 * typed character by character at the end of the console's starting text, over the full route
 * catalogue and, side by side, over a catalogue ten times larger (the same routes under ten API
 * prefixes). The index is a trie per method, so a keystroke costs about the number of candidates
 * it returns: the two columns should stay close except where every route is a candidate (`GET /`).
 *
 * Run alone: `npm run bench -- console`.
 */
import { performance } from 'node:perf_hooks';
import { Text } from '@codemirror/state';
import catalogueJson from '../../catalogue/routes.json';
import type { RouteCatalogue } from '../../catalogue/types';
import { completeAt } from '../../plugins/main/public/apps/console/completion/completion-engine';
import { RouteIndex } from '../../plugins/main/public/apps/console/completion/route-index';
import { INITIAL_BUFFER } from '../../plugins/main/public/apps/console/model/initial-buffer';
import type { BenchResult } from './run';

export const name = 'API console completion';

const TARGET_P99_MS = 5;
const ROUNDS = 20;
const WARM_UP_ROUNDS = 3;

/** What users type: list filters, placeholders, enum lists, nested bodies. */
const TYPED_REQUESTS = [
  'GET /agents?status=active,disconnected&limit=10&sort=+id',
  'PUT /agents/001/restart',
  'GET /sca/001/checks/cis_debian10?result=failed',
  'DELETE /agents?agents_list=001,002&status=all&older_than=7d',
  'GET /syscollector/001/packages?limit=5&select=name,version',
  'POST /security/policies\n{\n  "name": "read-agents",\n  "policy": {\n    "actions": ["agent:read"],\n    "effect": "allow",\n    "resources": ["agent:id:*"]\n  }\n}',
  'PUT /agents/001/group/web?force_single_group=true',
  'POST /agents/insert\n{\n  "name": "db-01",\n  "force": {\n    "enabled": true,\n    "disconnected_time": { "value": "1h" }\n  }\n}',
];

const catalogue = catalogueJson as RouteCatalogue;

/** The catalogue with every route repeated under `/v0` … `/v9`, plus the originals. */
function tenfold(source: RouteCatalogue): RouteCatalogue {
  const copies = Array.from({ length: 10 }, (_, copy) =>
    source.routes.map((route) => ({
      ...route,
      path: `/v${copy}${route.path === '/' ? '' : route.path}`,
    })),
  );
  return { ...source, routes: [...source.routes, ...copies.flat()] };
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

/** Milliseconds of every completion query while typing all requests once per round. */
function typeAll(index: RouteIndex, rounds: number): { times: number[]; candidates: number } {
  const times: number[] = [];
  let candidates = 0;
  for (let round = 0; round < rounds; round += 1) {
    let buffer = INITIAL_BUFFER;
    for (const request of TYPED_REQUESTS) {
      buffer += '\n';
      for (const char of request) {
        buffer += char;
        const doc = Text.of(buffer.split('\n'));
        const started = performance.now();
        const result = completeAt(index, doc, doc.length);
        times.push(performance.now() - started);
        candidates += result?.options.length ?? 0;
      }
    }
  }
  return { times, candidates };
}

function measure(
  label: string,
  source: RouteCatalogue,
): { figures: Array<[string, string]>; p99: number } {
  const built = performance.now();
  const index = RouteIndex.fromCatalogue(source);
  const buildMs = performance.now() - built;
  typeAll(index, WARM_UP_ROUNDS);
  const { times, candidates } = typeAll(index, ROUNDS);
  const sorted = [...times].sort((left, right) => left - right);
  const p99 = percentile(sorted, 0.99);
  return {
    p99,
    figures: [
      [`${label}: routes`, String(source.routes.length)],
      [`${label}: index build`, `${buildMs.toFixed(2)} ms`],
      [`${label}: keystrokes`, String(times.length)],
      [`${label}: mean candidates per keystroke`, (candidates / times.length).toFixed(1)],
      [`${label}: p50 per keystroke`, `${percentile(sorted, 0.5).toFixed(3)} ms`],
      [`${label}: p99 per keystroke`, `${p99.toFixed(3)} ms`],
      [`${label}: max per keystroke`, `${sorted[sorted.length - 1].toFixed(3)} ms`],
    ],
  };
}

export async function run(): Promise<BenchResult[]> {
  const full = measure('catalogue', catalogue);
  const large = measure('10x catalogue', tenfold(catalogue));
  return [
    {
      title:
        'completion query per keystroke while typing realistic requests (full catalogue vs ten times larger)',
      figures: [...full.figures, ...large.figures],
      target: {
        text: `p99 ≤ ${TARGET_P99_MS} ms per keystroke over the full catalogue`,
        met: full.p99 <= TARGET_P99_MS,
      },
    },
  ];
}
