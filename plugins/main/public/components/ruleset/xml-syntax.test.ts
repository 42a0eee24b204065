/** @jest-environment jsdom */
import { xmlSyntaxProblem } from './xml-syntax';

describe('the editor XML check', () => {
  it('accepts well-formed files, several top-level elements and a declaration included', () => {
    expect(xmlSyntaxProblem('<ossec_config>\n  <global/>\n</ossec_config>\n')).toBeUndefined();
    expect(
      xmlSyntaxProblem('<?xml version="1.0"?>\n<ossec_config/>\n<ossec_config/>\n'),
    ).toBeUndefined();
  });

  it('names the line of the first error', () => {
    const problem = xmlSyntaxProblem('<ossec_config>\n  <global>\n</ossec_config>\n');
    expect(problem?.line).toBe(3);
    expect(problem?.message).toMatch(/^XML syntax error: /);
  });
});
