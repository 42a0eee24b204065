/** The completion engine as a CodeMirror completion source. */
import {
  insertCompletionText,
  snippet,
  startCompletion,
  type Completion,
  type CompletionSource,
} from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
import {
  completeAt,
  hasTemplateFields,
  unescapeTemplate,
  type CompletionKind,
  type ConsoleCompletion,
} from '../completion/completion-engine';
import type { RouteIndex } from '../completion/route-index';

/** Icons of the completion list, by what an option is. */
const ICON_TYPES: Record<CompletionKind, string> = {
  method: 'keyword',
  path: 'namespace',
  'query-name': 'property',
  'query-value': 'enum',
  'body-field': 'property',
  'body-value': 'enum',
};

function applyOption(option: ConsoleCompletion) {
  return (view: EditorView, completion: Completion, from: number, to: number) => {
    if (hasTemplateFields(option.apply)) snippet(option.apply)(view, completion, from, to);
    else view.dispatch(insertCompletionText(view.state, unescapeTemplate(option.apply), from, to));
    // What was inserted ends where the next choice starts (a value after `status=`, a path after `GET `).
    if (option.reopen) queueMicrotask(() => startCompletion(view));
  };
}

function toCompletion(option: ConsoleCompletion, position: number): Completion {
  return {
    label: option.label,
    detail: option.detail,
    info: option.info,
    type: ICON_TYPES[option.kind],
    apply: applyOption(option),
    // The engine ranks; this keeps its order in the list.
    boost: -position,
  };
}

/** `getIndex` is read on every query, so the index can arrive after the editor was created. */
export function consoleCompletionSource(getIndex: () => RouteIndex): CompletionSource {
  return (context) => {
    const set = completeAt(getIndex(), context.state.doc, context.pos, {
      explicit: context.explicit,
    });
    if (!set || set.options.length === 0) return null;
    return { from: set.from, to: set.to, filter: false, options: set.options.map(toCompletion) };
  };
}
