import {
  EuiCodeBlock,
  EuiDescriptionList,
  EuiFlyout,
  EuiFlyoutBody,
  EuiFlyoutHeader,
  EuiSpacer,
  EuiTitle,
} from '@elastic/eui';
import { useId, type ReactNode } from 'react';

export interface ItemField {
  title: string;
  description: ReactNode;
}

/** Detail of one item: its main fields, then everything the API sent as JSON. */
export function ItemFlyout({
  title,
  fields,
  raw,
  onClose,
  'data-test-subj': testSubj,
}: {
  title: string;
  fields: ItemField[];
  raw: unknown;
  onClose(): void;
  'data-test-subj': string;
}) {
  const titleId = useId();
  return (
    <EuiFlyout
      onClose={onClose}
      size="m"
      aria-labelledby={titleId}
      data-test-subj={testSubj}
      ownFocus={false}
    >
      <EuiFlyoutHeader hasBorder>
        <EuiTitle size="m">
          <h2 id={titleId}>{title}</h2>
        </EuiTitle>
      </EuiFlyoutHeader>
      <EuiFlyoutBody>
        <EuiDescriptionList
          type="column"
          compressed
          listItems={fields.filter(
            (field): field is { title: string; description: NonNullable<ReactNode> } =>
              field.description !== undefined &&
              field.description !== null &&
              field.description !== '',
          )}
        />
        <EuiSpacer />
        <EuiCodeBlock language="json" isCopyable overflowHeight={400} paddingSize="s">
          {JSON.stringify(raw, null, 2)}
        </EuiCodeBlock>
      </EuiFlyoutBody>
    </EuiFlyout>
  );
}
