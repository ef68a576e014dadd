import type { Logger } from '@nestjs/common';
import type { Response } from 'express';

/** One CSV cell: quoted when it must be, and never read as a formula by a spreadsheet (= + - @, tab, CR first get a '). */
export function csvCell(value: string | null): string {
  let v = value ?? '';
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

/** One CSV line of cells, escaped, ended by CRLF. */
export const csvLine = (cells: (string | null)[]) => cells.map(csvCell).join(',') + '\r\n';

interface CsvPage<T> {
  items: T[];
  next: string | null;
}

/**
 * Streams every row as a CSV download, a page at a time: `first` is asked by the caller before this is
 * called, so a refusal is still a JSON error; each next page is read once the one before is written, so
 * only one page is ever held in memory. A failure part way ends the response (the download is cut short).
 */
export async function streamCsv<T>(
  res: Response,
  options: {
    fileName: string;
    columns: readonly string[];
    first: CsvPage<T>;
    next: (after: string) => Promise<CsvPage<T>>;
    cells: (row: T) => (string | null)[];
    logger: Logger;
  },
): Promise<void> {
  let page = options.first;
  res.status(200).set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${options.fileName}"` });
  res.write(csvLine([...options.columns]));
  try {
    for (;;) {
      if (!res.write(page.items.map((row) => csvLine(options.cells(row))).join(''))) await new Promise((resolve) => res.once('drain', resolve));
      if (!page.next || res.destroyed) break;
      page = await options.next(page.next);
    }
    res.end();
  } catch (err) {
    options.logger.warn({ msg: `${options.fileName} stopped part way`, error: String(err) });
    res.destroy(err as Error);
  }
}
