/** The MITRE ATT&CK database: tactics, techniques and metadata (RBAC `mitre:read` on `*:*:*`). */
import {
  MITRE_METADATA,
  type MitreTactic,
  type MitreTechnique,
  buildMitreCatalogue,
} from '../data/mitre';
import type { Session } from '../http/context';
import { AffectedItems, type ListBody } from '../http/envelope';
import type { ParsedParams } from '../http/params';
import { requireResourceless } from '../rbac/guard';
import { type FieldKind, type TableSpec, listItems } from '../query/list-query';
import type { SimulatorState } from '../state';
import { listParams } from './list-params';

/** The catalogue is fixed data, the same for every simulator. */
const catalogue = buildMitreCatalogue();

const COMMON_FIELDS: Record<string, FieldKind> = {
  id: 'string',
  name: 'string',
  description: 'string',
  external_id: 'string',
  source: 'string',
  url: 'string',
  created_time: 'date',
  modified_time: 'date',
};

const TACTIC_FIELDS: Record<string, FieldKind> = { ...COMMON_FIELDS, short_name: 'string' };

const TECHNIQUE_FIELDS: Record<string, FieldKind> = {
  ...COMMON_FIELDS,
  mitre_version: 'string',
  mitre_detection: 'string',
  network_requirements: 'number',
  remote_support: 'number',
  deprecated: 'number',
};

const TACTIC_TABLE: TableSpec<MitreTactic> = {
  mode: 'db',
  fields: TACTIC_FIELDS,
  sortFields: Object.keys(TACTIC_FIELDS),
  selectFields: [...Object.keys(TACTIC_FIELDS), 'techniques', 'references'],
  requiredFields: ['id'],
};

const TECHNIQUE_TABLE: TableSpec<MitreTechnique> = {
  mode: 'db',
  fields: TECHNIQUE_FIELDS,
  sortFields: Object.keys(TECHNIQUE_FIELDS),
  selectFields: [
    ...Object.keys(TECHNIQUE_FIELDS),
    'tactics',
    'mitigations',
    'software',
    'groups',
    'references',
  ],
  requiredFields: ['id'],
};

function list<T extends { id: string }>(
  state: SimulatorState,
  session: Session,
  rows: readonly T[],
  ids: string[] | undefined,
  table: TableSpec<T>,
  query: ParsedParams,
  messages: { all: string; none: string },
): ListBody {
  requireResourceless(session, 'mitre:read');
  const result = new AffectedItems<Record<string, unknown>>({ ...messages, some: messages.all });
  const wanted = ids ? new Set(ids) : undefined;
  result.setPage(
    listItems(
      { rows, load: (item: T) => item, filter: (item) => !wanted || wanted.has(item.id) },
      table,
      listParams(query),
      state.now(),
    ),
  );
  return result.body();
}

export function listMitreTactics(
  state: SimulatorState,
  session: Session,
  query: ParsedParams,
): ListBody {
  return list(
    state,
    session,
    catalogue.tactics,
    query.tactic_ids as string[] | undefined,
    TACTIC_TABLE,
    query,
    {
      all: 'All tactics information was returned',
      none: 'No tactics information was returned',
    },
  );
}

export function listMitreTechniques(
  state: SimulatorState,
  session: Session,
  query: ParsedParams,
): ListBody {
  return list(
    state,
    session,
    catalogue.techniques,
    query.technique_ids as string[] | undefined,
    TECHNIQUE_TABLE,
    query,
    {
      all: 'MITRE techniques information was returned',
      none: 'No MITRE techniques information was returned',
    },
  );
}

export function mitreMetadata(session: Session): ListBody {
  requireResourceless(session, 'mitre:read');
  const result = new AffectedItems<Record<string, unknown>>({
    all: 'MITRE metadata information was returned',
    some: 'MITRE metadata information was returned',
    none: 'No MITRE metadata information was returned',
  });
  result.setPage({
    total: MITRE_METADATA.length,
    items: MITRE_METADATA.map((entry) => ({ ...entry })),
  });
  return result.body();
}
