/** The console's request editor: a CodeMirror view created once, driven through a handle. */
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import type { RouteIndex } from '../completion/route-index';
import type { ConsoleRequest } from '../model/request-parser';
import { consoleEditorExtensions, requestUnderCursor } from './console-editor-extensions';

export interface RequestEditorHandle {
  /** Adds `text` as a new request at the end and puts the cursor on it. */
  appendRequest(text: string): void;
  requestUnderCursor(): ConsoleRequest | undefined;
}

export interface RequestEditorProps {
  initialText: string;
  routeIndex: RouteIndex;
  onRun(request: ConsoleRequest | undefined): void;
  onTextChange(text: string): void;
}

export const RequestEditor = forwardRef<RequestEditorHandle, RequestEditorProps>(
  function RequestEditor({ initialText, routeIndex, onRun, onTextChange }, ref) {
    const parent = useRef<HTMLDivElement>(null);
    const view = useRef<EditorView>();
    // The editor lives longer than a render: it reads the latest props (the chosen host's run, the index) through this.
    const latest = useRef({ routeIndex, onRun, onTextChange });
    useLayoutEffect(() => {
      latest.current = { routeIndex, onRun, onTextChange };
    }, [routeIndex, onRun, onTextChange]);
    const initial = useRef(initialText);

    useEffect(() => {
      const editor = new EditorView({
        parent: parent.current!,
        state: EditorState.create({
          doc: initial.current,
          extensions: consoleEditorExtensions({
            onRun: (request) => latest.current.onRun(request),
            getRouteIndex: () => latest.current.routeIndex,
            onTextChange: (text) => latest.current.onTextChange(text),
          }),
        }),
      });
      view.current = editor;
      return () => editor.destroy();
    }, []);

    useImperativeHandle(ref, () => ({
      appendRequest(text) {
        const editor = view.current!;
        const doc = editor.state.doc.toString();
        const separator =
          doc.trim() === '' ? '' : doc.endsWith('\n\n') ? '' : doc.endsWith('\n') ? '\n' : '\n\n';
        const start = doc.length + separator.length;
        editor.dispatch({
          changes: { from: doc.length, insert: `${separator}${text}\n` },
          selection: { anchor: start + text.split('\n')[0].length },
          scrollIntoView: true,
        });
        editor.focus();
      },
      requestUnderCursor: () => requestUnderCursor(view.current!.state),
    }));

    return (
      <div
        ref={parent}
        className="svcConsoleEditor"
        data-test-subj="consoleRequestEditor"
        style={{ height: '100%' }}
      />
    );
  },
);
