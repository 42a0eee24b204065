/**
 * Everything the request editor adds to CodeMirror: the parsed buffer kept in the state, lint
 * markers from the parser's diagnostics, a ▶ button beside each request line, Ctrl/Cmd+Enter,
 * the background of the request under the cursor, and completion from the route index.
 */
import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  closeCompletion,
  completionKeymap,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, foldGutter, foldKeymap, indentOnInput } from '@codemirror/language';
import { linter, lintGutter, lintKeymap } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import {
  EditorState,
  Prec,
  RangeSet,
  RangeSetBuilder,
  StateField,
  type Extension,
} from '@codemirror/state';
import {
  Decoration,
  drawSelection,
  EditorView,
  gutter,
  GutterMarker,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  type DecorationSet,
} from '@codemirror/view';
import type { RouteIndex } from '../completion/route-index';
import {
  bufferDiagnostics,
  parseConsoleBuffer,
  requestAt,
  type ConsoleRequest,
  type ParsedBuffer,
} from '../model/request-parser';
import { consoleCompletionSource } from './console-completion';
import { consoleLanguageSupport } from './console-language';

const parsedBuffer = StateField.define<ParsedBuffer>({
  create: (state) => parseConsoleBuffer(state.doc.toString()),
  update: (parsed, transaction) =>
    transaction.docChanged ? parseConsoleBuffer(transaction.newDoc.toString()) : parsed,
});

export function requestUnderCursor(state: EditorState): ConsoleRequest | undefined {
  return requestAt(state.field(parsedBuffer), state.selection.main.head);
}

const consoleLinter = linter(
  (view) =>
    bufferDiagnostics(view.state.field(parsedBuffer)).map((diagnostic) => ({
      ...diagnostic,
      severity: 'error' as const,
      source: 'console',
    })),
  { delay: 250 },
);

const activeRequestLine = Decoration.line({ class: 'cm-consoleActiveRequest' });

function activeRequestDecorations(state: EditorState): DecorationSet {
  const request = requestUnderCursor(state);
  if (!request) return Decoration.none;
  const builder = new RangeSetBuilder<Decoration>();
  for (let line = state.doc.lineAt(request.range.from); ; line = state.doc.line(line.number + 1)) {
    builder.add(line.from, line.from, activeRequestLine);
    if (line.to >= request.range.to || line.number === state.doc.lines) break;
  }
  return builder.finish();
}

const activeRequest = StateField.define<DecorationSet>({
  create: activeRequestDecorations,
  update: (decorations, transaction) =>
    transaction.docChanged || transaction.selection
      ? activeRequestDecorations(transaction.state)
      : decorations,
  provide: (field) => EditorView.decorations.from(field),
});

class RunMarker extends GutterMarker {
  constructor(private readonly label: string) {
    super();
  }

  override eq(other: GutterMarker): boolean {
    return other instanceof RunMarker && other.label === this.label;
  }

  override toDOM(): Node {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'cm-consoleRun';
    button.textContent = '▶';
    button.title = `Run ${this.label}`;
    button.setAttribute('aria-label', `Run ${this.label}`);
    button.setAttribute('data-test-subj', 'consoleRunRequest');
    return button;
  }
}

function runGutter(onRun: (request: ConsoleRequest) => void): Extension {
  return gutter({
    class: 'cm-consoleRunGutter',
    markers: (view) =>
      RangeSet.of(
        view.state
          .field(parsedBuffer)
          .requests.map((request) =>
            new RunMarker(`${request.method} ${request.path}`).range(request.line.from),
          ),
        true,
      ),
    domEventHandlers: {
      mousedown(view, line, event) {
        if (!(event.target instanceof HTMLElement) || !event.target.closest('.cm-consoleRun'))
          return false;
        const request = view.state
          .field(parsedBuffer)
          .requests.find((candidate) => candidate.line.from === line.from);
        if (!request) return false;
        view.dispatch({ selection: { anchor: request.line.to } });
        onRun(request);
        return true;
      },
    },
  });
}

const consoleTheme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', backgroundColor: 'white' },
  // The panel around the editor already frames it.
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: "'Roboto Mono', Menlo, Consolas, monospace" },
  '.cm-consoleActiveRequest': { backgroundColor: 'rgba(0, 119, 204, 0.06)' },
  '.cm-consoleRunGutter': { width: '22px' },
  '.cm-consoleRun': {
    border: 'none',
    background: 'none',
    color: '#007871',
    cursor: 'pointer',
    padding: '0 4px',
    fontSize: '11px',
  },
  '.cm-consoleRun:hover': { color: '#00504a' },
  '.cm-tooltip-autocomplete ul li[aria-selected]': { backgroundColor: '#0077cc' },
  '.cm-completionInfo': { whiteSpace: 'pre-wrap', maxWidth: '420px', fontSize: '12px' },
});

export interface ConsoleEditorOptions {
  /** Runs a request (▶ or Ctrl/Cmd+Enter). */
  onRun(request: ConsoleRequest | undefined): void;
  getRouteIndex(): RouteIndex;
  onTextChange(text: string): void;
}

export function consoleEditorExtensions(options: ConsoleEditorOptions): Extension[] {
  return [
    parsedBuffer,
    activeRequest,
    lineNumbers(),
    runGutter(options.onRun),
    foldGutter(),
    lintGutter(),
    highlightActiveLineGutter(),
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    highlightSelectionMatches(),
    consoleLanguageSupport(),
    consoleLinter,
    autocompletion({ override: [consoleCompletionSource(options.getRouteIndex)], icons: true }),
    Prec.highest(
      keymap.of([
        {
          key: 'Mod-Enter',
          run: (view) => {
            closeCompletion(view);
            options.onRun(requestUnderCursor(view.state));
            return true;
          },
        },
      ]),
    ),
    keymap.of([
      ...closeBracketsKeymap,
      ...defaultKeymap,
      ...searchKeymap,
      ...historyKeymap,
      ...foldKeymap,
      ...completionKeymap,
      ...lintKeymap,
      indentWithTab,
    ]),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) options.onTextChange(update.state.doc.toString());
    }),
    consoleTheme,
  ];
}
