/** Asks the name of something new (a custom file, a CDB list), checked as it is typed. */
import {
  EuiButton,
  EuiButtonEmpty,
  EuiFieldText,
  EuiFormRow,
  EuiModal,
  EuiModalBody,
  EuiModalFooter,
  EuiModalHeader,
  EuiModalHeaderTitle,
} from '@elastic/eui';
import { useState } from 'react';

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
  return (
    <EuiModal onClose={onCancel} data-test-subj={testSubj}>
      <EuiModalHeader>
        <EuiModalHeaderTitle>{title}</EuiModalHeaderTitle>
      </EuiModalHeader>
      <EuiModalBody>
        <EuiFormRow label={label} isInvalid={!!problem} error={problem}>
          <EuiFieldText
            value={name}
            isInvalid={!!problem}
            onChange={(event) => setName(event.target.value.trim())}
            data-test-subj={`${testSubj}Name`}
          />
        </EuiFormRow>
      </EuiModalBody>
      <EuiModalFooter>
        <EuiButtonEmpty onClick={onCancel}>Cancel</EuiButtonEmpty>
        <EuiButton
          fill
          isDisabled={name === '' || !!problem}
          onClick={() => onCreate(name)}
          data-test-subj={`${testSubj}Create`}
        >
          Create
        </EuiButton>
      </EuiModalFooter>
    </EuiModal>
  );
}
