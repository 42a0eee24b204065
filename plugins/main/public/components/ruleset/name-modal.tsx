/**
 * Asks the name of something new (a custom file, a CDB list, a group), checked as it is typed; Enter
 * creates, Escape cancels.
 */
import {
  EuiButton,
  EuiButtonEmpty,
  EuiFieldText,
  EuiForm,
  EuiFormRow,
  EuiModal,
  EuiModalBody,
  EuiModalFooter,
  EuiModalHeader,
  EuiModalHeaderTitle,
} from '@elastic/eui';
import { useState, type ReactNode } from 'react';
import type { PermissionVerdict } from '../api-permissions';

export function NameModal({
  title,
  label,
  problemOf,
  onCancel,
  onCreate,
  'data-test-subj': testSubj,
}: {
  title: string;
  label: string;
  problemOf(name: string): string | undefined;
  onCancel(): void;
  onCreate(name: string): void;
  'data-test-subj': string;
}) {
  const [name, setName] = useState('');
  const problem = problemOf(name);
  const formId = `${testSubj}Form`;
  const canCreate = name !== '' && !problem;
  return (
    <EuiModal
      onClose={onCancel}
      initialFocus={`[data-test-subj="${testSubj}Name"]`}
      data-test-subj={testSubj}
    >
      <EuiModalHeader>
        <EuiModalHeaderTitle>{title}</EuiModalHeaderTitle>
      </EuiModalHeader>
      <EuiModalBody>
        <EuiForm
          id={formId}
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (canCreate) onCreate(name);
          }}
        >
          <EuiFormRow label={label} isInvalid={!!problem} error={problem}>
            <EuiFieldText
              value={name}
              isInvalid={!!problem}
              onChange={(event) => setName(event.target.value.trim())}
              data-test-subj={`${testSubj}Name`}
            />
          </EuiFormRow>
        </EuiForm>
      </EuiModalBody>
      <EuiModalFooter>
        <EuiButtonEmpty onClick={onCancel}>Cancel</EuiButtonEmpty>
        <EuiButton
          fill
          type="submit"
          form={formId}
          isDisabled={!canCreate}
          data-test-subj={`${testSubj}Create`}
        >
          Create
        </EuiButton>
      </EuiModalFooter>
    </EuiModal>
  );
}

/** The button that starts something new; for read-only users it is disabled and says why. */
/** The button that starts a new item, disabled with the reason when `verdict` does not allow. */
export function NewButton({
  verdict,
  onClick,
  'data-test-subj': testSubj,
  children,
}: {
  verdict: PermissionVerdict;
  onClick(): void;
  'data-test-subj': string;
  children: ReactNode;
}) {
  return (
    <EuiButton
      size="s"
      iconType="plusCircle"
      isDisabled={!verdict.allowed}
      title={verdict.reason}
      onClick={onClick}
      data-test-subj={testSubj}
    >
      {children}
    </EuiButton>
  );
}
