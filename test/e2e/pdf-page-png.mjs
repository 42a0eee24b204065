// Renders the first page of the PDF at argv[2] to the PNG at argv[3] with pdf.js, on the canvas pdf.js
// brings for Node (ESM-only, hence its own process: Jest runs the tests as CommonJS). The README's
// report picture.
import { writeFile, readFile } from 'node:fs/promises';
import process from 'node:process';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Pixels per PDF point: an A4 page becomes about 1190 px wide. */
const SCALE = 2;

const data = new Uint8Array(await readFile(process.argv[2]));
const pdf = await getDocument({ data, useSystemFonts: false, verbosity: 0 }).promise;
const page = await pdf.getPage(1);
const viewport = page.getViewport({ scale: SCALE });
const { canvas, context } = pdf.canvasFactory.create(
  Math.ceil(viewport.width),
  Math.ceil(viewport.height),
);
context.fillStyle = '#ffffff';
context.fillRect(0, 0, canvas.width, canvas.height);
await page.render({ canvasContext: context, canvas, viewport }).promise;
await writeFile(process.argv[3], canvas.toBuffer('image/png'));
