import { stringify } from 'csv-stringify';
import { escapeCsvFormula } from './csv-cell.js';

/**
 * A CSV download as a stream, its rows written by a writer-paced producer: never more than the
 * producer's batch in memory. Every string cell is guarded against formula injection.
 */
export const streamCsv = (
  columns: readonly string[],
  produce: (write: (line: unknown[]) => Promise<void>) => Promise<void>,
) => {
  const csv = stringify({
    header: true,
    columns: [...columns],
    cast: { string: escapeCsvFormula },
  });
  const write = async (line: unknown[]) => {
    if (!csv.write(line)) await new Promise((resolve) => csv.once('drain', resolve));
  };
  void (async () => {
    try {
      await produce(write);
      csv.end();
    } catch (error) {
      csv.destroy(error as Error);
    }
  })();
  return csv;
};
