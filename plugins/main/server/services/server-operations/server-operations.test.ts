import { problemsOf } from './server-operations';

describe('the managed API messages about a configuration', () => {
  it('splits a failed check into its messages, one a line', () => {
    expect(
      problemsOf(
        'worker1',
        1908,
        "Error validating configuration: (1230): Invalid element in the configuration: 'bogus'., (1202): Configuration error at 'etc/ossec.conf'.",
      ),
    ).toEqual([
      {
        node: 'worker1',
        code: 1908,
        message: "(1230): Invalid element in the configuration: 'bogus'.",
        line: undefined,
      },
      {
        node: 'worker1',
        code: 1908,
        message: "(1202): Configuration error at 'etc/ossec.conf'.",
        line: undefined,
      },
    ]);
  });

  it('keeps a syntax error whole, with the line it names', () => {
    expect(
      problemsOf('manager', 1113, 'XML syntax error: unexpected close tag: line 3, column 15'),
    ).toEqual([
      {
        node: 'manager',
        code: 1113,
        message: 'XML syntax error: unexpected close tag: line 3, column 15',
        line: 3,
      },
    ]);
  });
});
