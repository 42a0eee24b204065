import { ensureSyntaxTree, foldable } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { consoleLanguageSupport } from './console-language';

function stateOf(text: string): EditorState {
  return EditorState.create({ doc: text, extensions: [consoleLanguageSupport()] });
}

/** `[token, text]` pairs of the highlighted buffer. */
function tokens(text: string): Array<[string, string]> {
  const state = stateOf(text);
  const tree = ensureSyntaxTree(state, state.doc.length, 5000)!;
  const out: Array<[string, string]> = [];
  tree.iterate({
    enter: (node) => {
      if (node.type.isTop) return;
      out.push([node.type.name, state.sliceDoc(node.from, node.to)]);
    },
  });
  return out;
}

describe('console highlighting', () => {
  it('tells methods, path parts, placeholders and query names and values apart', () => {
    expect(tokens('GET /agents/<agent_id>?status=active&limit=5')).toEqual([
      ['keyword', 'GET'],
      ['punctuation', '/'],
      ['url', 'agents'],
      ['punctuation', '/'],
      ['variableName.special', '<agent_id>'],
      ['operator', '?'],
      ['attributeName', 'status'],
      ['operator', '='],
      ['attributeValue', 'active'],
      ['operator', '&'],
      ['attributeName', 'limit'],
      ['operator', '='],
      ['attributeValue', '5'],
    ]);
  });

  it('marks an unknown method and text after the path', () => {
    expect(tokens('FETCH /x')[0]).toEqual(['invalid', 'FETCH']);
    expect(tokens('GET /x extra').pop()).toEqual(['invalid', 'extra']);
  });

  it('highlights JSON bodies: keys, strings, numbers, literals and brackets', () => {
    const body = tokens(
      'POST /agents\n{"name": "a", "n": 1, "ok": true, "x": null, "l": []}',
    ).slice(3);
    expect(body).toEqual([
      ['brace', '{'],
      ['propertyName', '"name"'],
      ['separator', ':'],
      ['string', '"a"'],
      ['separator', ','],
      ['propertyName', '"n"'],
      ['separator', ':'],
      ['number', '1'],
      ['separator', ','],
      ['propertyName', '"ok"'],
      ['separator', ':'],
      ['bool', 'true'],
      ['separator', ','],
      ['propertyName', '"x"'],
      ['separator', ':'],
      ['null', 'null'],
      ['separator', ','],
      ['propertyName', '"l"'],
      ['separator', ':'],
      // Neighbouring tokens of one kind share a node.
      ['squareBracket', '[]'],
      ['brace', '}'],
    ]);
  });

  it('highlights comment lines whole', () => {
    expect(tokens('# GET /agents {"a": 1}')).toEqual([['comment', '# GET /agents {"a": 1}']]);
  });
});

describe('console folding', () => {
  it('folds a JSON body from its opening to its closing brace', () => {
    const text = 'POST /agents\n{\n  "force": {\n    "enabled": true\n  },\n  "name": "a"\n}';
    const state = stateOf(text);
    ensureSyntaxTree(state, state.doc.length, 5000);
    const line = (number: number) => state.doc.line(number);
    expect(foldable(state, line(2).from, line(2).to)).toEqual({
      from: text.indexOf('{') + 1,
      to: text.lastIndexOf('}'),
    });
    expect(foldable(state, line(3).from, line(3).to)).toEqual({
      from: text.indexOf('"force": {') + 10,
      to: text.indexOf('  },') + 2,
    });
    expect(foldable(state, line(1).from, line(1).to)).toBeNull();
  });

  it('does not fold a bracket closed on the same line, or one inside a string', () => {
    const state = stateOf('POST /x\n{"a": {}}\n{"b": "{"\n}');
    ensureSyntaxTree(state, state.doc.length, 5000);
    expect(foldable(state, state.doc.line(2).from, state.doc.line(2).to)).toBeNull();
    expect(foldable(state, state.doc.line(3).from, state.doc.line(3).to)).toBeNull();
  });
});
