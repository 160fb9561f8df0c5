import type { Language } from '@portail/contract/constants';
import { startsLikeFormula } from '@portail/contract/rules/spreadsheet';
import { stringify } from 'csv-stringify/sync';
import type { Caller } from '../../auth/caller';
import type { ActivityDeps } from '../activity';
import { ACTIVITY_CSV_HEADERS, activityRows } from './activity-rows';

const neutralised = (value: string) => (startsLikeFormula(value) ? `'${value}` : value);

/**
 * activite.csv as a stream the archive reads batch by batch: a byte-order mark and `;` between cells
 * (what a French spreadsheet opens as columns, as the audit export writes), CRLF line ends. `counted`
 * receives the number of rows once the last batch is read.
 */
export function activityCsv(
  deps: ActivityDeps,
  caller: Caller,
  language: Language,
  counted: (rows: number) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = activityRows(deps, caller, language);
  let rows = 0;
  let started = false;
  const options = { delimiter: ';', record_delimiter: 'windows', quoted_string: false } as const;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(
          encoder.encode(`\ufeff${stringify([[...ACTIVITY_CSV_HEADERS[language]]], options)}`),
        );
        return;
      }
      const next = await batches.next();
      if (next.done) {
        counted(rows);
        controller.close();
        return;
      }
      rows += next.value.length;
      const records = next.value.map((cells) => cells.map(neutralised));
      controller.enqueue(encoder.encode(stringify(records, options)));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
