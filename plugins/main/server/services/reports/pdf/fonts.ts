/**
 * The report's typefaces: DejaVu Sans (wide Unicode coverage, so agent names, paths and users in any
 * script print), embedded as subsets by pdfkit so the PDF reads the same on every machine. The font
 * files are read once per process: reading them for every report cost more than drawing it.
 */
/// <reference types="pdfkit" />
import { readFileSync } from 'node:fs';

export const FONT = { regular: 'report-regular', bold: 'report-bold' } as const;

let files: { regular: Buffer; bold: Buffer } | undefined;

function fontFiles(): { regular: Buffer; bold: Buffer } {
  files ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return files;
}

export function registerFonts(doc: PDFKit.PDFDocument): void {
  const { regular, bold } = fontFiles();
  doc.registerFont(FONT.regular, regular);
  doc.registerFont(FONT.bold, bold);
}
