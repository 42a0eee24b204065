import { Q_OPERATORS, Q_OPERATOR_DESCRIPTIONS } from '../q-language';
import type { SearchField, Suggestion, SuggestionContext } from '../types';
import { lexWql, type WqlExpectation, type WqlToken } from './lexer';

const MAX_VALUE_SUGGESTIONS = 20;

/** A value as WQL must write it: quoted when it holds spaces, parentheses or quotes. */
export function wqlValueText(value: string): string {
  return /[\s()"\\]/.test(value) || value === '' ? `"${value.replace(/(["\\])/g, '\\$1')}"` : value;
}

interface Position {
  /** What is being typed at the cursor. */
  expecting: WqlExpectation;
  /** The part of it typed so far, and where it starts. */
  partial: string;
  from: number;
  /** Field of the clause being written (for operator and value suggestions). */
  field?: string;
  openGroups: number;
}

const WORD_EXPECTATION = { field: 'term', value: 'value', conjunction: 'conjunction' } as const;

function lastOfType(tokens: WqlToken[], type: WqlToken['type']): WqlToken | undefined {
  return [...tokens].reverse().find((token) => token.type === type);
}

/** Works out what the token at the cursor is and how much of it has been typed. */
function positionAt(input: string, cursor: number): Position {
  const before = input.slice(0, cursor);
  const lexed = lexWql(before);
  const field = lastOfType(lexed.tokens, 'field')?.value;
  if (lexed.error) {
    const last = lexed.tokens[lexed.tokens.length - 1];
    if (last?.unterminated)
      return {
        expecting: 'value',
        partial: last.value,
        from: last.start,
        field,
        openGroups: lexed.openGroups,
      };
    return {
      expecting: lexed.expecting,
      partial: before.slice(lexed.error.offset),
      from: lexed.error.offset,
      field,
      openGroups: lexed.openGroups,
    };
  }
  const last = lexed.tokens[lexed.tokens.length - 1];
  // Operators and parentheses are complete once typed; a word may still grow.
  const typingLast =
    last && last.end === cursor && !/\s$/.test(before) && last.type in WORD_EXPECTATION;
  if (!typingLast)
    return {
      expecting: lexed.expecting,
      partial: '',
      from: cursor,
      field,
      openGroups: lexed.openGroups,
    };
  const expecting = WORD_EXPECTATION[last.type as keyof typeof WORD_EXPECTATION];
  return {
    expecting,
    partial: last.type === 'value' ? last.value : last.text,
    from: last.start,
    field,
    openGroups: lexed.openGroups,
  };
}

function fieldSuggestions(position: Position, fields: SearchField[], cursor: number): Suggestion[] {
  const typed = position.partial.toLowerCase();
  const exact = fields.find((field) => field.name === position.partial);
  const fieldMatches = fields
    .filter((field) => field.name.toLowerCase().includes(typed) && field !== exact)
    .map<Suggestion>((field) => ({
      kind: 'field',
      label: field.name,
      description: field.description,
      insertText: field.name,
      replaceFrom: position.from,
      replaceTo: cursor,
    }));
  // A complete field name is followed by its operator.
  const operators = exact
    ? operatorSuggestions({ ...position, partial: '', from: cursor, field: exact.name }, cursor)
    : [];
  const group: Suggestion[] =
    typed === ''
      ? [
          {
            kind: 'group',
            label: '(',
            description: 'open a group',
            insertText: '(',
            replaceFrom: position.from,
            replaceTo: cursor,
          },
        ]
      : [];
  return [...operators, ...fieldMatches, ...group];
}

function operatorSuggestions(position: Position, cursor: number): Suggestion[] {
  return Q_OPERATORS.filter((operator) => operator.startsWith(position.partial)).map(
    (operator) => ({
      kind: 'operator',
      label: operator,
      description: Q_OPERATOR_DESCRIPTIONS[operator],
      insertText: operator,
      replaceFrom: position.from,
      replaceTo: cursor,
    }),
  );
}

function conjunctionSuggestions(position: Position, input: string, cursor: number): Suggestion[] {
  // Right after a value or ")" the conjunction needs a space in front of it.
  const lead = position.partial === '' && cursor > 0 && !/\s/.test(input[cursor - 1]) ? ' ' : '';
  const options: Suggestion[] = [
    {
      kind: 'conjunction',
      label: 'and',
      description: 'both conditions',
      insertText: `${lead}and `,
      replaceFrom: position.from,
      replaceTo: cursor,
    },
    {
      kind: 'conjunction',
      label: 'or',
      description: 'either condition',
      insertText: `${lead}or `,
      replaceFrom: position.from,
      replaceTo: cursor,
    },
  ];
  if (position.openGroups > 0) {
    options.push({
      kind: 'group',
      label: ')',
      description: 'close the group',
      insertText: ')',
      replaceFrom: position.from,
      replaceTo: cursor,
    });
  }
  const typed = position.partial.toLowerCase();
  return options.filter((option) => option.label.startsWith(typed));
}

async function valueSuggestions(
  position: Position,
  context: SuggestionContext,
  cursor: number,
): Promise<Suggestion[]> {
  if (!position.field) return [];
  const field = context.fields.find((known) => known.name === position.field);
  const typed = position.partial.toLowerCase();
  const values = field?.values
    ? field.values.filter((value) => value.toLowerCase().includes(typed))
    : context.suggestValues
      ? await context.suggestValues(position.field, position.partial, context.signal)
      : [];
  return [...new Set(values)].slice(0, MAX_VALUE_SUGGESTIONS).map((value) => ({
    kind: 'value',
    label: value,
    insertText: `${wqlValueText(value)} `,
    replaceFrom: position.from,
    replaceTo: cursor,
  }));
}

/** Completions for the WQL being typed at `cursor`: fields, then operators, values, conjunctions. */
export async function suggestWql(
  input: string,
  cursor: number,
  context: SuggestionContext,
): Promise<Suggestion[]> {
  const position = positionAt(input, cursor);
  switch (position.expecting) {
    case 'term':
      return fieldSuggestions(position, context.fields, cursor);
    case 'operator':
      return operatorSuggestions(position, cursor);
    case 'value':
      return valueSuggestions(position, context, cursor);
    case 'conjunction':
      return conjunctionSuggestions(position, input, cursor);
  }
}
