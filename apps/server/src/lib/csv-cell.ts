/**
 * A spreadsheet runs a cell that begins with one of these as a formula: a user or lead named
 * `=HYPERLINK(...)` would act in the reader's spreadsheet. Such a cell gets a leading `'` (OWASP's
 * CSV injection advice), which spreadsheets show as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const escapeCsvFormula = (value: string) =>
  FORMULA_START.test(value) ? `'${value}` : value;
