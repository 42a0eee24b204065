/**
 * Reading the manager's XML files (rules, decoders, a group's `agent.conf`) with saxes: a file holds
 * several top-level elements, as the manager's own reader accepts, so it is parsed as a fragment.
 */
import { SaxesParser } from 'saxes';

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Text directly inside the element, trimmed. */
  text: string;
  /** Line of the opening tag, for error messages. */
  line: number;
}

export class XmlSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${reason}: line ${line}, column ${column}`);
  }
}

/** The top-level elements of a file; throws XmlSyntaxError at the first fault, with its line. */
export function parseXmlFragment(text: string): XmlElement[] {
  const parser = new SaxesParser({ fragment: true, position: true });
  const roots: XmlElement[] = [];
  const open: XmlElement[] = [];
  let failure: XmlSyntaxError | undefined;
  parser.on('error', (error) => {
    // saxes prefixes its message with "line:column: "; the position is kept apart.
    failure ??= new XmlSyntaxError(
      error.message.replace(/^\d+:\d+: /, '').replace(/\.$/, ''),
      parser.line,
      parser.column,
    );
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.name,
      attributes: Object.fromEntries(
        Object.entries(tag.attributes).map(([key, value]) => [
          key,
          typeof value === 'string' ? value : value.value,
        ]),
      ),
      children: [],
      text: '',
      line: parser.line,
    };
    (open.at(-1)?.children ?? roots).push(element);
    open.push(element);
  });
  parser.on('text', (value) => {
    const current = open.at(-1);
    if (current) current.text = `${current.text}${value}`;
  });
  parser.on('closetag', () => {
    const element = open.pop();
    if (element) element.text = element.text.trim();
  });
  parser.write(text).close();
  if (failure) throw failure;
  return roots;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
