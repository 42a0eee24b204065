import { EuiFlexGroup, EuiFlexItem, EuiText, EuiToken } from '@elastic/eui';
import type { Suggestion, SuggestionKind } from '../../query-languages/types';

const KIND_TOKENS: Record<SuggestionKind, { iconType: string; label: string }> = {
  field: { iconType: 'tokenField', label: 'field' },
  operator: { iconType: 'tokenOperator', label: 'operator' },
  value: { iconType: 'tokenString', label: 'value' },
  conjunction: { iconType: 'tokenKeyword', label: 'conjunction' },
  group: { iconType: 'tokenArray', label: 'group' },
};

export function SuggestionList({
  id,
  suggestions,
  active,
  onPick,
}: {
  id: string;
  suggestions: Suggestion[];
  active: number;
  onPick(suggestion: Suggestion): void;
}) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Suggestions"
      data-test-subj="svcSearchSuggestions"
      style={{ maxHeight: 320, overflowY: 'auto', margin: 0, padding: 4, listStyle: 'none' }}
    >
      {suggestions.map((suggestion, index) => (
        <li
          key={`${suggestion.kind}:${suggestion.label}`}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          data-test-subj={`svcSuggestion-${suggestion.kind}`}
          // Picking must not blur the input first, which would close the list under the pointer.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(suggestion)}
          style={{
            cursor: 'pointer',
            padding: '4px 8px',
            borderRadius: 4,
            background: index === active ? 'rgba(0, 119, 204, 0.1)' : undefined,
          }}
        >
          <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false}>
            <EuiFlexItem grow={false}>
              <EuiToken
                iconType={KIND_TOKENS[suggestion.kind].iconType}
                title={KIND_TOKENS[suggestion.kind].label}
                size="s"
              />
            </EuiFlexItem>
            <EuiFlexItem grow={false}>
              <EuiText size="s">
                <code>{suggestion.label}</code>
              </EuiText>
            </EuiFlexItem>
            {suggestion.description && (
              <EuiFlexItem>
                <EuiText size="xs" color="subdued">
                  {suggestion.description}
                </EuiText>
              </EuiFlexItem>
            )}
          </EuiFlexGroup>
        </li>
      ))}
    </ul>
  );
}
