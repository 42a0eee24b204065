import {
  EuiButton,
  EuiButtonEmpty,
  EuiCallOut,
  EuiCodeBlock,
  EuiFieldText,
  EuiForm,
  EuiFormRow,
  EuiModal,
  EuiModalBody,
  EuiModalFooter,
  EuiModalHeader,
  EuiModalHeaderTitle,
  EuiText,
} from '@elastic/eui';
import { useState, type FormEvent } from 'react';
import { useSvcServices } from '../../components/services-context';
import type { SvcError } from '../../services/svc-error';
import { addAgent, type AddedAgent } from './agent-actions';

// The managed API's rules for agent names (letters, digits, `_ - . %`, at most 128).
const AGENT_NAME = /^[\w\-.%]{1,128}$/;

function nameProblem(name: string): string | undefined {
  if (name === '') return 'Name is required';
  return AGENT_NAME.test(name)
    ? undefined
    : 'Name may hold letters, digits, "_", "-", "." and "%" (at most 128)';
}

/** Registers an agent (name, optional IP) and shows its enrollment key. */
export function AddAgentModal({
  apiHostId,
  onClose,
  onAdded,
}: {
  apiHostId: string;
  onClose(): void;
  onAdded(agent: AddedAgent): void;
}) {
  const { api, errors } = useSvcServices();
  const [name, setName] = useState('');
  const [ip, setIp] = useState('');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<SvcError>();
  const [added, setAdded] = useState<AddedAgent>();
  const problem = nameProblem(name);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (problem) return;
    setSaving(true);
    setFailure(undefined);
    try {
      const agent = await addAgent(api, apiHostId, {
        name,
        ...(ip.trim() ? { ip: ip.trim() } : {}),
      });
      setAdded(agent);
      onAdded(agent);
    } catch (error) {
      setFailure(errors.report(error, 'Adding the agent', { shownInPlace: true }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <EuiModal onClose={onClose} data-test-subj="addAgentModal">
      <EuiModalHeader>
        <EuiModalHeaderTitle>
          {added ? `Agent ${added.id} added` : 'Add an agent'}
        </EuiModalHeaderTitle>
      </EuiModalHeader>
      <EuiModalBody>
        {added ? (
          <EuiText size="s">
            <p>Enroll the agent with this key:</p>
            <EuiCodeBlock
              isCopyable
              language="text"
              whiteSpace="pre-wrap"
              style={{ wordBreak: 'break-all' }}
              data-test-subj="addedAgentKey"
            >
              {added.key}
            </EuiCodeBlock>
          </EuiText>
        ) : (
          <EuiForm component="form" onSubmit={(event: FormEvent) => void submit(event)}>
            <EuiFormRow
              label="Name"
              isInvalid={touched && !!problem}
              error={touched ? problem : undefined}
            >
              <EuiFieldText
                name="name"
                value={name}
                onChange={(event) => setName(event.target.value)}
                isInvalid={touched && !!problem}
              />
            </EuiFormRow>
            <EuiFormRow
              label="IP address"
              helpText="An IP, a network (10.0.0.0/24) or empty for any"
            >
              <EuiFieldText name="ip" value={ip} onChange={(event) => setIp(event.target.value)} />
            </EuiFormRow>
            {failure && (
              <EuiCallOut color="danger" title={failure.title} size="s">
                {failure.detail}
              </EuiCallOut>
            )}
          </EuiForm>
        )}
      </EuiModalBody>
      <EuiModalFooter>
        {added ? (
          <EuiButton fill onClick={onClose}>
            Done
          </EuiButton>
        ) : (
          <>
            <EuiButtonEmpty onClick={onClose}>Cancel</EuiButtonEmpty>
            <EuiButton
              fill
              isLoading={saving}
              onClick={() => void submit()}
              data-test-subj="addAgentSave"
            >
              Add agent
            </EuiButton>
          </>
        )}
      </EuiModalFooter>
    </EuiModal>
  );
}
