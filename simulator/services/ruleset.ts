/** Rules, rule files, decoders and decoder files, filtered per file by RBAC (`rules:read`, `decoders:read`). */
import type { DecoderItem, RuleItem, RulesetFileItem } from '../data/ruleset';
import type { Session } from '../http/context';
import { AffectedItems, type ListBody } from '../http/envelope';
import type { ParsedParams } from '../http/params';
import { codedProblem, permissionDenied } from '../http/problem';
import { errorNode } from '../rbac/guard';
import { objectAccess } from '../rbac/permissions';
import { type TableSpec, listItems } from '../query/list-query';
import type { SimulatorState } from '../state';
import { listParams } from './list-params';

type Envelope = ListBody;

const RULE_FIELDS = [
  'filename',
  'relative_dirname',
  'id',
  'level',
  'status',
  'details',
  'pci_dss',
  'gpg13',
  'gdpr',
  'hipaa',
  'nist_800_53',
  'tsc',
  'mitre',
  'groups',
  'description',
];

const RULE_TABLE: TableSpec<RuleItem> = {
  mode: 'memory',
  fields: {},
  sortFields: ['filename', 'relative_dirname', 'description', 'id', 'level', 'status'],
  selectFields: RULE_FIELDS,
  requiredFields: ['id'],
};

const FILE_TABLE: TableSpec<RulesetFileItem> = {
  mode: 'memory',
  fields: {},
  sortFields: ['filename', 'relative_dirname', 'status'],
  selectFields: ['filename', 'relative_dirname', 'status'],
  requiredFields: ['filename'],
  defaultSort: { fields: ['filename'], descending: false },
};

const DECODER_TABLE: TableSpec<DecoderItem> = {
  mode: 'memory',
  fields: {},
  sortFields: ['filename', 'relative_dirname', 'name', 'position', 'status'],
  selectFields: ['filename', 'relative_dirname', 'status', 'name', 'position', 'details'],
  requiredFields: ['filename', 'position'],
  defaultSort: { fields: ['filename', 'position'], descending: false },
};

/** Per-file read access; 403 `Resource type: <family>` when the caller can read no file at all. */
function fileAccess(
  session: Session,
  action: string,
  family: string,
  files: readonly { filename: string }[],
): (file: string) => boolean {
  const canRead = objectAccess(session.permissions, action, family);
  if (!files.some((file) => canRead(file.filename)))
    throw permissionDenied(family, errorNode(session));
  return canRead;
}

/** `status`, `filename` and `relative_dirname` filters shared by every ruleset listing. */
function fileFilters<T extends RulesetFileItem>(query: ParsedParams): Array<(item: T) => boolean> {
  const filters: Array<(item: T) => boolean> = [];
  const status = query.status as string | undefined;
  if (status && status !== 'all') filters.push((item) => item.status === status);
  const filenames = query.filename as string[] | undefined;
  if (filenames) filters.push((item) => filenames.includes(item.filename));
  const dirname = query.relative_dirname as string | undefined;
  if (dirname) filters.push((item) => item.relative_dirname === dirname);
  return filters;
}

function levelFilter(level: string): (rule: RuleItem) => boolean {
  const [low, high] = level.split('-').map(Number);
  if (high !== undefined && high < low) throw codedProblem(1203);
  return high === undefined
    ? (rule) => rule.level === low
    : (rule) => rule.level >= low && rule.level <= high;
}

const REQUIREMENT_FILTERS: Array<[param: string, field: keyof RuleItem]> = [
  ['pci_dss', 'pci_dss'],
  ['gdpr', 'gdpr'],
  ['gpg13', 'gpg13'],
  ['hipaa', 'hipaa'],
  ['nist-800-53', 'nist_800_53'],
  ['tsc', 'tsc'],
  ['mitre', 'mitre'],
  ['group', 'groups'],
];

function run<T extends object>(
  rows: readonly T[],
  filters: Array<(item: T) => boolean>,
  table: TableSpec<T>,
  query: ParsedParams,
  result: AffectedItems<Record<string, unknown>>,
  now: number,
): Envelope {
  const listed = listItems(
    { rows, load: (item: T) => item, filter: (item) => filters.every((filter) => filter(item)) },
    table,
    listParams(query),
    now,
  );
  result.setPage(listed);
  return result.body();
}

export function listRules(state: SimulatorState, session: Session, query: ParsedParams): Envelope {
  const { rules } = state.ruleset;
  const canRead = fileAccess(session, 'rules:read', 'rule:file', state.ruleset.ruleFiles);
  const result = new AffectedItems<Record<string, unknown>>({
    all: 'All selected rules were returned',
    some: 'Some rules were not returned',
    none: 'No rule was returned',
  });
  const filters = [(rule: RuleItem) => canRead(rule.filename), ...fileFilters<RuleItem>(query)];
  const ids = query.rule_ids as number[] | undefined;
  if (ids) {
    const visible = new Set(rules.filter((rule) => canRead(rule.filename)).map((rule) => rule.id));
    for (const id of new Set(ids)) if (!visible.has(id)) result.fail(1208, id);
    filters.push((rule) => ids.includes(rule.id));
  }
  if (query.level !== undefined) filters.push(levelFilter(String(query.level)));
  for (const [param, field] of REQUIREMENT_FILTERS) {
    const wanted = query[param];
    if (wanted !== undefined)
      filters.push((rule) => (rule[field] as string[]).includes(String(wanted)));
  }
  return run(rules, filters, RULE_TABLE, query, result, state.now());
}

export function listRuleFiles(
  state: SimulatorState,
  session: Session,
  query: ParsedParams,
): Envelope {
  const canRead = fileAccess(session, 'rules:read', 'rule:file', state.ruleset.ruleFiles);
  const result = new AffectedItems<Record<string, unknown>>({
    all: 'All rules files were returned',
    some: 'Some rules files were not returned',
    none: 'No rules files were returned',
  });
  const filters = [
    (file: RulesetFileItem) => canRead(file.filename),
    ...fileFilters<RulesetFileItem>(query),
  ];
  return run(state.ruleset.ruleFiles, filters, FILE_TABLE, query, result, state.now());
}

export function listDecoders(
  state: SimulatorState,
  session: Session,
  query: ParsedParams,
): Envelope {
  const { decoders } = state.ruleset;
  const canRead = fileAccess(session, 'decoders:read', 'decoder:file', state.ruleset.decoderFiles);
  const result = new AffectedItems<Record<string, unknown>>({
    all: 'All selected decoders were returned',
    some: 'Some decoders were not returned',
    none: 'No decoder was returned',
  });
  const filters = [
    (decoder: DecoderItem) => canRead(decoder.filename),
    ...fileFilters<DecoderItem>(query),
  ];
  const names = query.decoder_names as string[] | undefined;
  if (names) {
    const visible = new Set(
      decoders.filter((decoder) => canRead(decoder.filename)).map((decoder) => decoder.name),
    );
    for (const name of new Set(names)) if (!visible.has(name)) result.fail(1504, name);
    filters.push((decoder) => names.includes(decoder.name));
  }
  return run(decoders, filters, DECODER_TABLE, query, result, state.now());
}

export function listDecoderFiles(
  state: SimulatorState,
  session: Session,
  query: ParsedParams,
): Envelope {
  const canRead = fileAccess(session, 'decoders:read', 'decoder:file', state.ruleset.decoderFiles);
  const result = new AffectedItems<Record<string, unknown>>({
    all: 'All decoder files were returned',
    some: 'Some decoder files were not returned',
    none: 'No decoder files were returned',
  });
  const filters = [
    (file: RulesetFileItem) => canRead(file.filename),
    ...fileFilters<RulesetFileItem>(query),
  ];
  return run(state.ruleset.decoderFiles, filters, FILE_TABLE, query, result, state.now());
}
