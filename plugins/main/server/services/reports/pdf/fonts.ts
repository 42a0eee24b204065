/**
 * The report's typefaces: DejaVu Sans (wide Unicode coverage, so agent names, paths and users in any
 * script print), embedded as subsets by pdfkit so the PDF reads the same on every machine.
 */
/// <reference types="pdfkit" />

export const FONT = { regular: 'report-regular', bold: 'report-bold' } as const;

export function registerFonts(doc: PDFKit.PDFDocument): void {
  doc.registerFont(FONT.regular, require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
  doc.registerFont(FONT.bold, require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'));
}
