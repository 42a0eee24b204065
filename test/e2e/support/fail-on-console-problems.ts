// Loaded by jest.e2e.config.js around every browser test (see quiet-console.ts).
import { takeConsoleProblems } from './quiet-console';

afterEach(() => {
  const seen = takeConsoleProblems();
  if (seen.length > 0) throw new Error(`The browser console was not quiet:\n${seen.join('\n')}`);
});
