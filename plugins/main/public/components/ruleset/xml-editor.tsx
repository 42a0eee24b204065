/**
 * The XML file editor (rules, decoders, a group's `agent.conf`): CodeMirror 6 with XML highlighting,
 * line numbers, search (Ctrl/Cmd+F), undo history and folding; read-only files cannot be typed in.
 * A save error that names a line is marked on that line.
 */
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { xml } from '@codemirror/lang-xml';
import {
  bracketMatching,
  defaultHighlightStyle,
  foldGutter,
  foldKeymap,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { Compartment, EditorState } from '@codemirror/state';
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { useEffect, useLayoutEffect, useRef } from 'react';

export interface EditorProblem {
  message: string;
  /** 1-based line the managed API named, when it named one. */
  line?: number;
}

const editorTheme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', backgroundColor: 'white' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: "'Roboto Mono', Menlo, Consolas, monospace" },
});

/** The line a managed-API message points at (`… line 7, column 2`). */
export function problemLine(message: string): number | undefined {
  const match = /\bline (\d+)/i.exec(message);
  return match ? Number(match[1]) : undefined;
}

export function XmlEditor({
  text,
  readOnly,
  problem,
  onChange,
  height = '60vh',
  'data-test-subj': testSubj,
}: {
  /** The text to show; a new value replaces the document (a file loaded or reverted). */
  text: string;
  readOnly: boolean;
  problem?: EditorProblem;
  onChange(text: string): void;
  height?: string;
  'data-test-subj': string;
}) {
  const parent = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>();
  const editable = useRef(new Compartment());
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const editor = new EditorView({
      parent: parent.current!,
      state: EditorState.create({
        doc: '',
        extensions: [
          lineNumbers(),
          foldGutter(),
          lintGutter(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightSelectionMatches(),
          search({ top: true }),
          xml(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          editorTheme,
          editable.current.of(EditorState.readOnly.of(true)),
          keymap.of([
            ...defaultKeymap,
            ...searchKeymap,
            ...historyKeymap,
            ...foldKeymap,
            indentWithTab,
          ]),
          EditorView.updateListener.of((update) => {
            if (update.docChanged && !update.transactions.some((t) => t.isUserEvent('load')))
              onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
  }, []);

  useEffect(() => {
    const editor = view.current!;
    if (editor.state.doc.toString() === text) return;
    editor.dispatch({
      changes: { from: 0, to: editor.state.doc.length, insert: text },
      userEvent: 'load',
    });
  }, [text]);

  useEffect(() => {
    view.current!.dispatch({
      effects: editable.current.reconfigure(EditorState.readOnly.of(readOnly)),
    });
  }, [readOnly]);

  useEffect(() => {
    const editor = view.current!;
    const { doc } = editor.state;
    const line = problem?.line && problem.line <= doc.lines ? doc.line(problem.line) : undefined;
    editor.dispatch(
      setDiagnostics(
        editor.state,
        problem && line
          ? [{ from: line.from, to: line.to, severity: 'error', message: problem.message }]
          : [],
      ),
    );
    if (line) editor.dispatch({ selection: { anchor: line.from }, scrollIntoView: true });
  }, [problem]);

  return (
    <div
      ref={parent}
      style={{ height, border: '1px solid #d3dae6', borderRadius: 4, overflow: 'hidden' }}
      data-test-subj={testSubj}
      data-read-only={readOnly}
    />
  );
}
