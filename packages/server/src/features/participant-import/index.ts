/** What other features may use of this one (issue 22): read an uploaded participant file, build its template. */
export type { CellProblem, FileColumn, ImportRow, ReadResult } from './import-rows';
export { buildImportTemplate } from './import-template';
export type { ImportListItem, ImportLists } from './list-items';
export { listMatcher, offeredItems } from './list-items';
export type { ReadOptions } from './spreadsheet-reader';
export { readSpreadsheet } from './spreadsheet-reader';
