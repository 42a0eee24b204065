/** A search input with its list of suggestions below it, wired by useCompletingInput. */
import { EuiFieldText, EuiInputPopover, type EuiFieldTextProps } from '@elastic/eui';
import type { Suggestion } from '../../query-languages/types';
import { SuggestionList } from './suggestion-list';
import type { CompletionBinding } from './use-completing-input';

export function CompletingField({
  binding,
  suggestions,
  ...field
}: Omit<EuiFieldTextProps, keyof CompletionBinding['fieldProps']> & {
  binding: CompletionBinding;
  suggestions: Suggestion[];
}) {
  return (
    <EuiInputPopover
      fullWidth
      isOpen={binding.open}
      closePopover={binding.dismiss}
      disableFocusTrap
      ownFocus={false}
      panelPaddingSize="none"
      input={<EuiFieldText fullWidth {...binding.fieldProps} icon="search" {...field} />}
    >
      <SuggestionList
        id={binding.listId}
        suggestions={suggestions}
        active={binding.active}
        onPick={binding.apply}
      />
    </EuiInputPopover>
  );
}
