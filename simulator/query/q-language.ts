/**
 * The `q` filter language: clauses `field OP value` (OP one of `=`, `!=`, `<`, `>`, `~`) joined by `;`
 * (AND) and `,` (OR), with parentheses for grouping. AND binds tighter than OR, as in the API's SQL.
 * Values may contain spaces and `- . : ? \ / ' " = @ % < > { } $ [ ]`, balanced parentheses, and commas
 * inside square brackets. Hand-written: a twenty-line recursive descent parser needs no generator.
 */

export type QOperator = '=' | '!=' | '<' | '>' | '~';

export type QNode =
  | { kind: 'clause'; field: string; operator: QOperator; value: string; text: string }
  | { kind: 'and' | 'or'; children: QNode[] };

export class QSyntaxError extends Error {
  constructor(readonly clause: string) {
    super(`Invalid q clause: ${clause}`);
  }
}

const FIELD = /^[\w.]+/;
const OPERATOR = /^(!=|=|<|>|~)/;
const VALUE_CHAR = /[\w\s\-.:?\\/'"=@%<>{}$[\]]/;

class Parser {
  private at = 0;

  constructor(private readonly text: string) {}

  parse(): QNode {
    const node = this.or();
    if (this.at !== this.text.length) throw new QSyntaxError(this.text.slice(this.at));
    return node;
  }

  private or(): QNode {
    const children = [this.and()];
    while (this.text[this.at] === ',') {
      this.at++;
      children.push(this.and());
    }
    return children.length === 1 ? children[0] : { kind: 'or', children };
  }

  private and(): QNode {
    const children = [this.term()];
    while (this.text[this.at] === ';') {
      this.at++;
      children.push(this.term());
    }
    return children.length === 1 ? children[0] : { kind: 'and', children };
  }

  private term(): QNode {
    if (this.text[this.at] === '(') {
      this.at++;
      const node = this.or();
      if (this.text[this.at] !== ')') throw new QSyntaxError(this.text.slice(this.at) || this.text);
      this.at++;
      return node;
    }
    return this.clause();
  }

  private clause(): QNode {
    const start = this.at;
    const rest = this.text.slice(start);
    const field = FIELD.exec(rest)?.[0];
    if (!field) throw new QSyntaxError(rest);
    this.at += field.length;
    const operator = OPERATOR.exec(this.text.slice(this.at))?.[0] as QOperator | undefined;
    if (!operator) throw new QSyntaxError(rest);
    this.at += operator.length;
    const value = this.value();
    if (value === '') throw new QSyntaxError(rest);
    return { kind: 'clause', field, operator, value, text: this.text.slice(start, this.at) };
  }

  /** Reads a value up to a separator or an unbalanced `)`. */
  private value(): string {
    const start = this.at;
    let parens = 0;
    let brackets = 0;
    for (; this.at < this.text.length; this.at++) {
      const char = this.text[this.at];
      if (char === '(') parens++;
      else if (char === ')') {
        if (parens === 0) break;
        parens--;
      } else if (char === '[') brackets++;
      else if (char === ']') brackets = Math.max(0, brackets - 1);
      else if (char === ';') break;
      else if (char === ',') {
        if (brackets === 0) break;
      } else if (!VALUE_CHAR.test(char)) throw new QSyntaxError(this.text.slice(start));
    }
    return this.text.slice(start, this.at);
  }
}

export function parseQ(text: string): QNode {
  return new Parser(text).parse();
}
