/** What other modules use of exports: writing XLSX sheets, documents' texts, download names. */
export { type TextSheet, writeTextSheets } from './xlsx-writer';
export { documentTexts } from './document-texts';
export { attachmentDisposition } from './file-names';
