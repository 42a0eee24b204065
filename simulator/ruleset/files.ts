/**
 * The manager's ruleset files for one simulator run: built-in rules and decoders (`ruleset/…`,
 * written from the generated ruleset, read-only), custom ones (`etc/rules`, `etc/decoders`, seeded
 * with `local_rules.xml` and `local_decoder.xml`) and CDB lists (`etc/lists`). Saving a custom file
 * re-reads it, so `GET /rules`, `GET /decoders` and the ruleset test see the change.
 */
import type { Ruleset, RulesetFileItem } from '../data/ruleset';
import { decodersFileXml, readDecodersFile, readRulesFile, rulesFileXml } from './ruleset-xml';
import { type CdbEntry, parseCdbList } from './cdb';

export type RulesetKind = 'rules' | 'decoders' | 'lists';

export interface StoredFile {
  filename: string;
  relative_dirname: string;
}

const SEEDED_LISTS: Record<string, string> = {
  'audit-keys':
    'audit-wazuh-w:write\naudit-wazuh-r:read\naudit-wazuh-a:attribute\naudit-wazuh-x:execute\naudit-wazuh-c:command\n',
  'security-eventchannel':
    '4624:Successful logon\n4625:Failed logon\n4720:User account created\n4726:User account deleted\n1102:Audit log cleared\n',
};

export const CUSTOM_DIRNAME: Record<RulesetKind, string> = {
  rules: 'etc/rules',
  decoders: 'etc/decoders',
  lists: 'etc/lists',
};

export function isCustomDirname(dirname: string): boolean {
  return dirname === 'etc' || dirname.startsWith('etc/');
}

function keyOf(dirname: string, filename: string): string {
  return `${dirname}/${filename}`;
}

export class RulesetFiles {
  /** Custom file texts by `dirname/filename` (built-in texts are written on demand). */
  private readonly custom = new Map<string, string>();

  constructor(private readonly ruleset: Ruleset) {
    for (const file of ruleset.ruleFiles.filter((item) => isCustomDirname(item.relative_dirname)))
      this.custom.set(
        keyOf(file.relative_dirname, file.filename),
        rulesFileXml(ruleset.rules.filter((rule) => rule.filename === file.filename)),
      );
    for (const file of ruleset.decoderFiles.filter((item) =>
      isCustomDirname(item.relative_dirname),
    ))
      this.custom.set(
        keyOf(file.relative_dirname, file.filename),
        decodersFileXml(ruleset.decoders.filter((decoder) => decoder.filename === file.filename)),
      );
    for (const [name, text] of Object.entries(SEEDED_LISTS))
      this.custom.set(keyOf(CUSTOM_DIRNAME.lists, name), text);
  }

  /** The files of a kind, `relative_dirname` narrowing them when given. */
  files(kind: RulesetKind): StoredFile[] {
    if (kind === 'rules') return this.ruleset.ruleFiles;
    if (kind === 'decoders') return this.ruleset.decoderFiles;
    return [...this.custom.keys()]
      .filter((key) => key.startsWith(`${CUSTOM_DIRNAME.lists}/`))
      .map((key) => ({
        filename: key.slice(CUSTOM_DIRNAME.lists.length + 1),
        relative_dirname: CUSTOM_DIRNAME.lists,
      }))
      .sort((a, b) => (a.filename < b.filename ? -1 : 1));
  }

  /** The file of that name (in `dirname` when given, else the first one of the name). */
  find(kind: RulesetKind, filename: string, dirname?: string): StoredFile | undefined {
    return this.files(kind).find(
      (file) =>
        file.filename === filename && (dirname === undefined || file.relative_dirname === dirname),
    );
  }

  text(kind: RulesetKind, file: StoredFile): string {
    const stored = this.custom.get(keyOf(file.relative_dirname, file.filename));
    if (stored !== undefined) return stored;
    if (kind === 'rules')
      return rulesFileXml(this.ruleset.rules.filter((rule) => sameFile(rule, file)));
    return decodersFileXml(this.ruleset.decoders.filter((decoder) => sameFile(decoder, file)));
  }

  /** Entries of a CDB list. */
  entries(file: StoredFile): CdbEntry[] {
    return parseCdbList(this.custom.get(keyOf(file.relative_dirname, file.filename)) ?? '');
  }

  /**
   * Checks and stores a custom file (throwing the parser's error before anything changes), then
   * replaces its items in the ruleset.
   */
  write(kind: RulesetKind, file: StoredFile, text: string): void {
    if (kind === 'lists') {
      parseCdbList(text);
    } else if (kind === 'rules') {
      const rules = readRulesFile(text, file);
      this.ruleset.rules = [
        ...this.ruleset.rules.filter((rule) => !sameFile(rule, file)),
        ...rules,
      ].sort((a, b) => a.id - b.id);
      this.ruleset.ruleFiles = withFile(this.ruleset.ruleFiles, file);
    } else {
      const decoders = readDecodersFile(text, file);
      this.ruleset.decoders = [
        ...this.ruleset.decoders.filter((decoder) => !sameFile(decoder, file)),
        ...decoders,
      ];
      this.ruleset.decoderFiles = withFile(this.ruleset.decoderFiles, file);
    }
    this.custom.set(keyOf(file.relative_dirname, file.filename), text);
  }

  remove(kind: RulesetKind, file: StoredFile): void {
    this.custom.delete(keyOf(file.relative_dirname, file.filename));
    if (kind === 'rules') {
      this.ruleset.rules = this.ruleset.rules.filter((rule) => !sameFile(rule, file));
      this.ruleset.ruleFiles = this.ruleset.ruleFiles.filter((item) => !sameFile(item, file));
    } else if (kind === 'decoders') {
      this.ruleset.decoders = this.ruleset.decoders.filter((decoder) => !sameFile(decoder, file));
      this.ruleset.decoderFiles = this.ruleset.decoderFiles.filter((item) => !sameFile(item, file));
    }
  }
}

function sameFile(item: StoredFile, file: StoredFile): boolean {
  return item.filename === file.filename && item.relative_dirname === file.relative_dirname;
}

function withFile(files: RulesetFileItem[], file: StoredFile): RulesetFileItem[] {
  if (files.some((item) => sameFile(item, file))) return files;
  return [...files, { ...file, status: 'enabled' as const }].sort((a, b) =>
    a.filename < b.filename ? -1 : 1,
  );
}
