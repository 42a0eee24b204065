/**
 * Reading, uploading and deleting rules, decoders and CDB list files, with the API's RBAC
 * (`<kind>:read`/`:delete` per file, `<kind>:update` on `*:*:*`), its per-item results and errors.
 */
import type { Reply, Session } from '../http/context';
import { AffectedItems, type ListBody } from '../http/envelope';
import type { ErrorCode } from '../http/errors';
import type { ParsedParams } from '../http/params';
import { codedProblem, permissionDenied } from '../http/problem';
import { errorNode, requireResourceless } from '../rbac/guard';
import { objectAccess } from '../rbac/permissions';
import { type TableSpec, listItems } from '../query/list-query';
import { CdbFormatError } from '../ruleset/cdb';
import {
  CUSTOM_DIRNAME,
  type RulesetKind,
  type StoredFile,
  isCustomDirname,
} from '../ruleset/files';
import { RulesetFileError } from '../ruleset/ruleset-xml';
import { type XmlElement, XmlSyntaxError, parseXmlFragment } from '../ruleset/xml';
import type { SimulatorState } from '../state';
import { listParams } from './list-params';

interface KindFacts {
  /** RBAC action prefix and resource family. */
  actions: string;
  family: string;
  /** Code of "default files cannot change" (lists have no built-in files). */
  builtIn?: ErrorCode;
  uploaded: [all: string, none: string];
  rawType: string;
}

const KINDS: Record<RulesetKind, KindFacts> = {
  rules: {
    actions: 'rules',
    family: 'rule:file',
    builtIn: 1210,
    uploaded: ['Rule was successfully uploaded', 'Could not upload rule'],
    rawType: 'application/xml; charset=utf-8',
  },
  decoders: {
    actions: 'decoders',
    family: 'decoder:file',
    builtIn: 1505,
    uploaded: ['Decoder was successfully uploaded', 'Could not upload decoder'],
    rawType: 'application/xml; charset=utf-8',
  },
  lists: {
    actions: 'lists',
    family: 'list:file',
    uploaded: ['CDB list file uploaded successfully', 'Could not upload CDB list file'],
    rawType: 'text/plain; charset=utf-8',
  },
};

function canDo(session: Session, kind: RulesetKind, verb: 'read' | 'delete') {
  return objectAccess(session.permissions, `${KINDS[kind].actions}:${verb}`, KINDS[kind].family);
}

function dirnameOf(kind: RulesetKind, query: ParsedParams): string | undefined {
  return kind === 'lists' ? undefined : (query.relative_dirname as string | undefined);
}

/** An element as the API's JSON form of an XML file: attributes prefixed by `@`, text as `#text`. */
function elementJson(element: XmlElement): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(element.attributes)) json[`@${name}`] = value;
  if (element.text) json['#text'] = element.text;
  for (const child of element.children) {
    const value = elementJson(child);
    const existing = json[child.name];
    json[child.name] =
      existing === undefined
        ? value
        : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return json;
}

export function readRulesetFile(
  state: SimulatorState,
  session: Session,
  kind: RulesetKind,
  filename: string,
  query: ParsedParams,
): Reply {
  if (!canDo(session, kind, 'read')(filename))
    throw permissionDenied(KINDS[kind].family, errorNode(session));
  const file = state.rulesetFiles.find(kind, filename, dirnameOf(kind, query));
  if (!file) throw codedProblem(1906, { node: errorNode(session) });
  const text = state.rulesetFiles.text(kind, file);
  if (query.raw === true) return { body: text, contentType: KINDS[kind].rawType };
  const result = new AffectedItems<Record<string, unknown>>({
    all: 'Selected file was returned',
    some: 'Selected file was returned',
    none: 'No file was returned',
  });
  result.items.push(
    kind === 'lists'
      ? Object.fromEntries(state.rulesetFiles.entries(file).map(({ key, value }) => [key, value]))
      : Object.fromEntries(
          parseXmlFragment(text).map((element) => [element.name, elementJson(element)]),
        ),
  );
  return { body: result.render() };
}

/** Why a file cannot be taken: the parser's own words, with the line where it gives one. */
function uploadFailure(error: unknown): { code: ErrorCode; extra: string } {
  if (error instanceof XmlSyntaxError) return { code: 1113, extra: error.message };
  if (error instanceof RulesetFileError) return { code: 1113, extra: error.message };
  if (error instanceof CdbFormatError) return { code: 1800, extra: error.message };
  throw error;
}

export function uploadRulesetFile(
  state: SimulatorState,
  session: Session,
  kind: RulesetKind,
  filename: string,
  body: unknown,
  query: ParsedParams,
) {
  requireResourceless(session, `${KINDS[kind].actions}:update`);
  const [all, none] = KINDS[kind].uploaded;
  const result = new AffectedItems<string>({ all, some: all, none });
  const file: StoredFile = {
    filename,
    relative_dirname: dirnameOf(kind, query) ?? CUSTOM_DIRNAME[kind],
  };
  const path = `${file.relative_dirname}/${filename}`;
  const text = typeof body === 'string' ? body : '';
  const builtIn = KINDS[kind].builtIn;
  if (builtIn !== undefined && !isCustomDirname(file.relative_dirname)) result.fail(builtIn, path);
  else if (text.trim() === '') result.fail(1112, path);
  else if (
    query.overwrite !== true &&
    state.rulesetFiles.find(kind, filename, file.relative_dirname)
  )
    result.fail(1905, path);
  else {
    try {
      state.rulesetFiles.write(kind, file, text);
      result.items.push(path);
    } catch (error) {
      const failure = uploadFailure(error);
      result.fail(failure.code, path, { extra: failure.extra });
    }
  }
  return result.render();
}

export function deleteRulesetFile(
  state: SimulatorState,
  session: Session,
  kind: RulesetKind,
  filename: string,
  query: ParsedParams,
) {
  if (!canDo(session, kind, 'delete')(filename))
    throw permissionDenied(KINDS[kind].family, errorNode(session));
  const result = new AffectedItems<string>({
    all: 'File was successfully deleted',
    some: 'File was successfully deleted',
    none: 'File could not be deleted',
  });
  const dirname = dirnameOf(kind, query) ?? CUSTOM_DIRNAME[kind];
  const path = `${dirname}/${filename}`;
  const file = state.rulesetFiles.find(kind, filename, dirname);
  const builtIn = KINDS[kind].builtIn;
  if (builtIn !== undefined && !isCustomDirname(dirname)) result.fail(builtIn, path);
  else if (!file) result.fail(1906, path);
  else {
    state.rulesetFiles.remove(kind, file);
    result.items.push(path);
  }
  return result.render();
}

const LIST_TABLE: TableSpec<Record<string, unknown>> = {
  mode: 'memory',
  fields: {},
  sortFields: ['filename', 'relative_dirname'],
  selectFields: ['filename', 'relative_dirname', 'items'],
  requiredFields: ['filename'],
  defaultSort: { fields: ['filename'], descending: false },
};

/** `GET /lists` (with each list's entries) and `GET /lists/files` (names only). */
export function listCdbLists(
  state: SimulatorState,
  session: Session,
  query: ParsedParams,
  withEntries: boolean,
): ListBody {
  const canRead = canDo(session, 'lists', 'read');
  const files = state.rulesetFiles.files('lists');
  if (!files.some((file) => canRead(file.filename)))
    throw permissionDenied('list:file', errorNode(session));
  const names = query.filename as string[] | undefined;
  const dirname = query.relative_dirname as string | undefined;
  const rows = files
    .filter((file) => canRead(file.filename))
    .filter((file) => !names || names.includes(file.filename))
    .filter((file) => !dirname || file.relative_dirname === dirname)
    .map((file) =>
      withEntries ? { ...file, items: state.rulesetFiles.entries(file) } : { ...file },
    );
  const result = new AffectedItems<Record<string, unknown>>({
    all: withEntries ? 'All specified lists were returned' : 'All specified paths were returned',
    some: withEntries ? 'Some lists were not returned' : 'Some paths were not returned',
    none: withEntries ? 'No list was returned' : 'No path was returned',
  });
  result.setPage(
    listItems(
      { rows, load: (row: Record<string, unknown>) => row },
      LIST_TABLE,
      listParams(query),
      state.now(),
    ),
  );
  return result.body();
}
