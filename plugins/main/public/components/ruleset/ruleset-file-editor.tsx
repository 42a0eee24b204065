/**
 * One rules or decoders file in the XML editor. Built-in files and read-only users get it read-only,
 * with the reason. Save sends the file itself; the managed API's refusal is shown in the editor (its
 * line marked) and the text stays as typed, so nothing is lost.
 */
import { useCallback } from 'react';
import {
  type RulesetApi,
  type RulesetFileKind,
  type RulesetFileRef,
  isCustomFile,
} from '../../services/ruleset-api';
import { DocumentEditorFrame, useEditedDocument } from './document-editor';
import type { PermissionVerdict } from '../api-permissions';
import { XmlEditor } from './xml-editor';

const NOUN: Record<Exclude<RulesetFileKind, 'lists'>, string> = {
  rules: 'rules file',
  decoders: 'decoders file',
};

const BUILT_IN_REASON =
  'Built-in ruleset files are read-only: copy what you need into a custom file under etc/.';

export function RulesetFileEditor({
  kind,
  file,
  isNew,
  ruleset,
  editing,
  onClose,
  onDeleteRequest,
  onSaved,
}: {
  kind: Exclude<RulesetFileKind, 'lists'>;
  file: RulesetFileRef;
  /** A file not stored yet: saving must not replace one of the same name. */
  isNew: boolean;
  ruleset: RulesetApi;
  /** Whether the user may save this file (a new one, or over the stored one). */
  editing: PermissionVerdict;
  onClose(): void;
  onDeleteRequest(): void;
  onSaved(): void;
}) {
  const path = `${file.relative_dirname}/${file.filename}`;
  const load = useCallback(
    (signal: AbortSignal) =>
      isNew ? Promise.resolve(newFileTemplate(kind)) : ruleset.readFile(kind, file, signal),
    [isNew, kind, ruleset, file],
  );
  const document = useEditedDocument({
    load,
    what: `Reading ${file.filename}`,
    action: `${kind}:read`,
    isNew,
    empty: '',
    persist: (text) => ruleset.saveFile(kind, file, text, !isNew),
    saveAction: `${kind}:update`,
    savedTitle: `Saved ${path}`,
    onSaved,
  });
  const readOnlyReason = isCustomFile(file) ? editing.reason : BUILT_IN_REASON;
  return (
    <DocumentEditorFrame
      document={document}
      title={path}
      backLabel="Files"
      readOnlyReason={readOnlyReason}
      ruleset={ruleset}
      savedWhat={`The ${NOUN[kind]} was saved`}
      failedTitle={`The managed API did not save ${file.filename}`}
      onClose={onClose}
      onDeleteRequest={isNew ? undefined : onDeleteRequest}
      data-test-subj="rulesetFile"
    >
      <XmlEditor
        text={document.value}
        readOnly={readOnlyReason !== undefined}
        problem={document.problem}
        onChange={document.change}
        data-test-subj="rulesetFileEditor"
      />
    </DocumentEditorFrame>
  );
}

function newFileTemplate(kind: Exclude<RulesetFileKind, 'lists'>): string {
  return kind === 'rules'
    ? '<group name="local,">\n  <rule id="100100" level="5">\n    <if_sid>5716</if_sid>\n    <description>Describe what this rule detects</description>\n  </rule>\n</group>\n'
    : '<decoder name="my-program">\n  <program_name>^my-program</program_name>\n</decoder>\n';
}
