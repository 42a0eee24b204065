/**
 * Rules and decoders as the manager keeps them: XML files. Built-in files are written from the
 * generated ruleset; a custom file a user saves is read back into the items `GET /rules` and
 * `GET /decoders` list, the way the API parses its files.
 */
import type { DecoderItem, RuleItem } from '../data/ruleset';
import { type XmlElement, escapeXml, parseXmlFragment } from './xml';

/** Compliance groups are written `<prefix><requirement>` inside `<group>`, as the API reads them. */
const COMPLIANCE: Array<[prefix: string, field: keyof RuleItem]> = [
  ['pci_dss_', 'pci_dss'],
  ['gpg13_', 'gpg13'],
  ['gdpr_', 'gdpr'],
  ['hipaa_', 'hipaa'],
  ['nist_800_53_', 'nist_800_53'],
  ['tsc_', 'tsc'],
];

/** Options written as attributes of `<rule>` rather than as child elements. */
const RULE_ATTRIBUTES = new Set(['frequency', 'timeframe', 'ignore', 'maxsize', 'noalert']);

function patternOf(value: unknown): string {
  return typeof value === 'object' && value !== null && 'pattern' in value
    ? String((value as { pattern: unknown }).pattern)
    : String(value);
}

function ruleXml(rule: RuleItem, fileGroups: string[]): string {
  const attributes = [`id="${rule.id}"`, `level="${rule.level}"`];
  const lines: string[] = [];
  for (const [name, value] of Object.entries(rule.details)) {
    if (RULE_ATTRIBUTES.has(name)) attributes.push(`${name}="${escapeXml(String(value))}"`);
    else if (value === '') lines.push(`    <${name} />`);
    else lines.push(`    <${name}>${escapeXml(patternOf(value))}</${name}>`);
  }
  lines.push(`    <description>${escapeXml(rule.description)}</description>`);
  const groups = [
    ...rule.groups.filter((group) => !fileGroups.includes(group)),
    ...COMPLIANCE.flatMap(([prefix, field]) =>
      (rule[field] as string[]).map((value) => `${prefix}${value}`),
    ),
  ];
  if (groups.length > 0) lines.push(`    <group>${escapeXml(groups.join(','))},</group>`);
  if (rule.mitre.length > 0)
    lines.push(
      `    <mitre>\n${rule.mitre.map((id) => `      <id>${id}</id>`).join('\n')}\n    </mitre>`,
    );
  return `  <rule ${attributes.join(' ')}>\n${lines.join('\n')}\n  </rule>`;
}

/** A rules file: one `<group>` holding its rules, named by the groups every rule shares. */
export function rulesFileXml(rules: readonly RuleItem[]): string {
  const shared = rules.length
    ? rules[0].groups.filter((group) => rules.every((rule) => rule.groups.includes(group)))
    : [];
  const body = rules.map((rule) => ruleXml(rule, shared)).join('\n\n');
  return `<group name="${escapeXml(shared.join(','))},">\n${body}\n</group>\n`;
}

function decoderXml(decoder: DecoderItem): string {
  const lines = Object.entries(decoder.details).map(([name, value]) => {
    const offset =
      typeof value === 'object' && value !== null && 'offset' in value
        ? ` offset="${String((value as { offset: unknown }).offset)}"`
        : '';
    return `  <${name}${offset}>${escapeXml(patternOf(value))}</${name}>`;
  });
  return `<decoder name="${escapeXml(decoder.name)}">\n${lines.join('\n')}\n</decoder>`;
}

export function decodersFileXml(decoders: readonly DecoderItem[]): string {
  return `${decoders.map(decoderXml).join('\n\n')}\n`;
}

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

interface FileOf {
  filename: string;
  relative_dirname: string;
}

/** `<match>`, `<regex>`... as `{pattern}` (plus `negate`/`type` attributes), the rest as text. */
function optionValue(element: XmlElement): unknown {
  const patterned = ['match', 'regex', 'prematch', 'program_name', 'hostname', 'url'];
  if (!patterned.includes(element.name)) return element.text;
  return { pattern: element.text, ...element.attributes };
}

function readRule(element: XmlElement, fileGroups: string[], file: FileOf): RuleItem {
  const rule: RuleItem = {
    ...file,
    id: Number(element.attributes.id),
    level: Number(element.attributes.level ?? 0),
    status: 'enabled',
    details: {},
    pci_dss: [],
    gpg13: [],
    gdpr: [],
    hipaa: [],
    nist_800_53: [],
    tsc: [],
    mitre: [],
    groups: [...fileGroups],
    description: '',
  };
  for (const [name, value] of Object.entries(element.attributes))
    if (RULE_ATTRIBUTES.has(name)) rule.details[name] = value;
  for (const child of element.children) {
    if (child.name === 'description') rule.description = child.text;
    else if (child.name === 'mitre')
      rule.mitre.push(...child.children.filter((id) => id.name === 'id').map((id) => id.text));
    else if (child.name === 'group') {
      for (const group of splitList(child.text)) {
        const compliance = COMPLIANCE.find(([prefix]) => group.startsWith(prefix));
        if (compliance) (rule[compliance[1]] as string[]).push(group.slice(compliance[0].length));
        else rule.groups.push(group);
      }
    } else if (child.name !== 'info' && child.name !== 'options')
      rule.details[child.name] = optionValue(child);
  }
  return rule;
}

/** A file the manager would refuse: the reason, ending with the line of the element at fault. */
export class RulesetFileError extends Error {
  constructor(
    reason: string,
    readonly line: number,
  ) {
    super(`${reason}: line ${line}`);
  }
}

/** The rules of a file; a rule without a numeric id is an error, as the manager refuses it. */
export function readRulesFile(text: string, file: FileOf): RuleItem[] {
  const rules: RuleItem[] = [];
  for (const group of parseXmlFragment(text)) {
    if (group.name !== 'group') continue;
    const fileGroups = splitList(group.attributes.name ?? '');
    for (const element of group.children) {
      if (element.name !== 'rule') continue;
      if (!/^\d+$/.test(element.attributes.id ?? ''))
        throw new RulesetFileError(
          `a rule has no valid id (id="${element.attributes.id ?? ''}")`,
          element.line,
        );
      rules.push(readRule(element, fileGroups, file));
    }
  }
  return rules;
}

/** The options a decoder may hold, as the manager's decoder reader knows them. */
const DECODER_OPTIONS = new Set([
  'parent',
  'accumulate',
  'program_name',
  'prematch',
  'regex',
  'order',
  'fts',
  'ftscomment',
  'plugin_decoder',
  'use_own_name',
  'json_null_field',
  'json_array_structure',
  'type',
]);

/** Refuses what the manager's decoder reader refuses: stray elements, nameless decoders, unknown options. */
function checkDecoders(elements: readonly XmlElement[]): void {
  for (const element of elements) {
    if (element.name === 'var') continue;
    if (element.name !== 'decoder')
      throw new RulesetFileError(
        `invalid element <${element.name}> outside a decoder`,
        element.line,
      );
    const name = element.attributes.name ?? '';
    if (name.trim() === '') throw new RulesetFileError('a decoder has no name', element.line);
    for (const option of element.children) {
      if (!DECODER_OPTIONS.has(option.name) || option.children.length > 0)
        throw new RulesetFileError(
          `invalid option <${option.name}> in decoder "${name}"`,
          option.line,
        );
    }
  }
}

/** The decoders of a file, checked the way the manager reads them. */
export function readDecodersFile(text: string, file: FileOf): DecoderItem[] {
  const elements = parseXmlFragment(text);
  checkDecoders(elements);
  return elements
    .filter((element) => element.name === 'decoder')
    .map((element, position) => ({
      ...file,
      status: 'enabled' as const,
      name: element.attributes.name ?? '',
      position,
      details: Object.fromEntries(
        element.children.map((child) => [child.name, optionValue(child)]),
      ),
    }));
}
