import { keyProblem, parseCdbList, serializeCdbList } from './cdb-list';

describe('CDB list text', () => {
  it('reads key:value lines, quoted keys with colons and empty values, skipping blank lines', () => {
    expect(parseCdbList('10.0.0.1:ssh\n\n"a:b":x\nempty:\r\n')).toEqual([
      { key: '10.0.0.1', value: 'ssh' },
      { key: 'a:b', value: 'x' },
      { key: 'empty', value: '' },
    ]);
  });

  it('writes what it reads, quoting keys that hold a colon', () => {
    const text = '10.0.0.1:ssh\n"a:b":x\nempty:\n';
    expect(serializeCdbList(parseCdbList(text))).toBe(text);
  });

  it('keeps a line the API would refuse, so saving it shows the API error', () => {
    expect(parseCdbList('no separator')).toEqual([{ key: 'no separator', value: '' }]);
  });

  it('checks keys and values before they are added', () => {
    const entries = [{ key: 'a', value: '1' }];
    expect(keyProblem('', entries)).toBe('Enter a key');
    expect(keyProblem('a', entries)).toBe('This key is already in the list');
    expect(keyProblem('a', entries, 'a')).toBeUndefined();
    expect(keyProblem('say "hi"', entries)).toBe('A key cannot hold a double quote');
  });
});
