import type { Kysely } from 'kysely';
import { localDate, localDayStartMs } from '../../../engine/rules/timeZone';
import { validationMessage } from '../../../engine/validation/localizeErrors';
import type { Lang } from '../../../engine/validation/lang';
import type { Database } from '../../db/tables';
import { AppError, errorMessage, type FieldError } from '../../errors';
import { dayOf } from '../../sdk/dayNumber';
import { rollupTimeZone } from '../../sdk/ingestEvents';
import type { IncomeAccount } from './incomeAccount';
import { incomeSettings } from './incomeSettings';
import { readIncomeCsv, type ImportProblem } from './readIncomeCsv';
import { storeIncome } from './storeIncome';

/** Line errors an answer lists (the count in the message is all of them). */
export const MAX_LISTED_ERRORS = 100;
const HOUR_MS = 3_600_000;

/** A refused line of an import answer: `path` is the body's `/csv`. */
export interface ImportLineError extends FieldError {
  line: number;
  field: string;
}

interface LineProblem {
  line: number;
  field: string;
  text: (lang: Lang) => string;
}

const fromRead = (problem: ImportProblem): LineProblem => ({
  line: problem.line,
  field: problem.field,
  text: (lang) => validationMessage(problem.key, lang, problem.params),
});

/** 400 `ads.importInvalid`: `data.errors` = [{ path: '/csv', line, field, message }]. */
function importInvalid(problems: LineProblem[]): AppError {
  return new AppError('ads.importInvalid', {
    // The message counts lines; the list names each problem (a line may have several).
    params: { count: new Set(problems.map((p) => p.line)).size },
    errors: (lang): ImportLineError[] =>
      problems
        .slice(0, MAX_LISTED_ERRORS)
        .map((p) => ({ path: '/csv', line: p.line, field: p.field, message: p.text(lang) })),
  });
}

/** The credits an account already has among `txids`. */
async function creditedTxids(db: Kysely<Database>, accountId: string, txids: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  const unique = [...new Set(txids)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('ad_income')
      .select('txid')
      .where('account_id', '=', accountId)
      .where('kind', '=', 'credit')
      .where('txid', 'in', unique.slice(i, i + 500))
      .execute();
    for (const row of rows) out.add(row.txid);
  }
  return out;
}

/**
 * Imports an account's income file (see `readIncomeCsv`): every line is checked first, a
 * reversal's credit included (in the database or earlier in the file); any problem refuses the
 * whole file (400 `ads.importInvalid`, nothing stored). Then all lines are booked in one
 * transaction as postbacks would be (source `import`, counted on the line's local day at noon),
 * a transaction already booked counting as a duplicate.
 */
export async function importIncome(
  db: Kysely<Database>,
  account: IncomeAccount,
  csv: string,
  now: Date,
): Promise<{ imported: number; duplicates: number }> {
  const zone = await rollupTimeZone(db, account.projectId);
  const read = readIncomeCsv(csv, localDate(now.getTime(), zone));
  if (read.problems.length > 0) throw importInvalid(read.problems.map(fromRead));

  const credited = await creditedTxids(
    db,
    account.id,
    read.lines.filter((l) => l.input.kind === 'reversal').map((l) => l.input.txid),
  );
  const unknown: LineProblem[] = [];
  for (const { line, input } of read.lines) {
    if (input.kind === 'credit') credited.add(input.txid);
    else if (!credited.has(input.txid))
      unknown.push({
        line,
        field: 'txid',
        text: (lang) => errorMessage('ads.unknownTransaction', lang, { txid: input.txid }),
      });
  }
  if (unknown.length > 0) throw importInvalid(unknown);

  return db.transaction().execute(async (trx) => {
    const bookingZone = await rollupTimeZone(trx, account.projectId);
    const settings = await incomeSettings(trx, account.projectId);
    const at = now.toISOString();
    let imported = 0;
    let duplicates = 0;
    for (const { line, date, input } of read.lines) {
      const day = dayOf(date);
      const outcome = await storeIncome(trx, account, input, {
        source: 'import',
        day,
        // Noon of the local day: most later zone changes re-stamp it onto the same date.
        time: new Date(localDayStartMs(day, bookingZone) + 12 * HOUR_MS).toISOString(),
        now: at,
        offerwallCurrency: settings.offerwallCurrency,
      });
      if (outcome === 'accepted') imported += 1;
      else if (outcome === 'duplicate') duplicates += 1;
      // Its credit went away since the check (an account deleted meanwhile): refuse it all.
      else
        throw importInvalid([
          {
            line,
            field: 'txid',
            text: (lang) => errorMessage('ads.unknownTransaction', lang, { txid: input.txid }),
          },
        ]);
    }
    return { imported, duplicates };
  });
}
