/**
 * The report's typefaces: DejaVu Sans (wide Unicode coverage, so agent names, paths and users in any
 * script print), embedded as subsets by pdfkit so the PDF reads the same on every machine.
 */
/// <reference types="pdfkit" />

export const FONT = { regular: 'report-regular', bold: 'report-bold' } as const;

const FILES = {
  [FONT.regular]: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  [FONT.bold]: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
};

export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, file] of Object.entries(FILES)) doc.registerFont(name, require.resolve(file));
}
