import { suggestFields } from './field-completion';

const FIELDS = ['agent.id', 'agent.name', 'rule.groups', 'rule.level', 'data.srcuser'];

function labels(input: string, cursor = input.length): string[] {
  return suggestFields(input, cursor, FIELDS).map((suggestion) => suggestion.label);
}

describe('field completion', () => {
  it('offers fields starting with the word, then containing it', () => {
    expect(labels('agent')).toEqual(['agent.id', 'agent.name']);
    expect(labels('user')).toEqual(['data.srcuser']);
    expect(labels('rule.level:3 and rule.g')).toEqual(['rule.groups']);
    expect(labels('-rule.l')).toEqual(['rule.level']);
    expect(labels('(agent.n')).toEqual(['agent.name']);
  });

  it('replaces the whole word under the cursor with `field:`', () => {
    const [suggestion] = suggestFields('rule.gr and x', 4, FIELDS);
    expect(suggestion).toMatchObject({
      label: 'rule.groups',
      insertText: 'rule.groups:',
      replaceFrom: 0,
      replaceTo: 7,
    });
  });

  it('stays quiet on values, inside quotes and after a finished term', () => {
    expect(labels('rule.groups:sys')).toEqual([]);
    expect(labels('"agent')).toEqual([]);
    expect(labels('rule.groups:syscheck ')).toEqual([]);
    expect(labels('')).toHaveLength(FIELDS.length);
  });
});
