/** Read-only JSON in CodeMirror (highlighting, line numbers, folding), for the response pane. */
import { json } from '@codemirror/lang-json';
import {
  foldGutter,
  foldKeymap,
  syntaxHighlighting,
  defaultHighlightStyle,
  bracketMatching,
} from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';

const viewerTheme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', backgroundColor: '#fafbfd' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: "'Roboto Mono', Menlo, Consolas, monospace" },
});

export function JsonViewer({ text, testSubj }: { text: string; testSubj: string }) {
  const parent = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>();

  useEffect(() => {
    const viewer = new EditorView({
      parent: parent.current!,
      state: EditorState.create({
        extensions: [
          EditorState.readOnly.of(true),
          EditorView.editable.of(false),
          EditorView.lineWrapping,
          lineNumbers(),
          foldGutter(),
          bracketMatching(),
          json(),
          syntaxHighlighting(defaultHighlightStyle),
          keymap.of(foldKeymap),
          viewerTheme,
        ],
      }),
    });
    view.current = viewer;
    return () => viewer.destroy();
  }, []);

  useEffect(() => {
    const viewer = view.current!;
    viewer.dispatch({ changes: { from: 0, to: viewer.state.doc.length, insert: text } });
  }, [text]);

  return <div ref={parent} data-test-subj={testSubj} style={{ height: '100%' }} />;
}
