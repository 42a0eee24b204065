// Prints the text of each page of the PDF at argv[2] as a JSON array, with pdf.js (ESM-only, hence
// its own process: Jest runs the tests as CommonJS).
import { readFile } from 'node:fs/promises';
import process from 'node:process';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const data = new Uint8Array(await readFile(process.argv[2]));
const pdf = await getDocument({ data, useSystemFonts: false, verbosity: 0 }).promise;
const pages = [];
for (let number = 1; number <= pdf.numPages; number++) {
  const page = await pdf.getPage(number);
  const content = await page.getTextContent();
  pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
}
process.stdout.write(JSON.stringify({ pages }));
