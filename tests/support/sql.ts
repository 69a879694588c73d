import { sql, type SQL } from 'drizzle-orm';
import { getDb, type DbExecutor } from '@/db/client';

/** The rows of a raw `execute`: postgres-js (a PostgreSQL server) answers the rows, PGlite an object holding them. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

/** Runs a raw statement and answers its rows, whichever driver the run uses. */
export async function selectRows<Row>(query: SQL, executor?: DbExecutor): Promise<Row[]> {
  return rowsOf<Row>(await (executor ?? (await getDb())).execute(query));
}

type Explainable = { getSQL: () => SQL };

/**
 * The planner's text for each query, asked with sequential scans priced out: the tests' tables are
 * tiny and would be scanned anyway, so this shows whether an index can serve a query, not whether it
 * would at this size. Each entry of `queries` is built on the transaction it is given.
 */
export async function explainWithoutSeqScans<Name extends string>(
  queries: (tx: DbExecutor) => Record<Name, Explainable>,
): Promise<Record<Name, string>> {
  return (await getDb()).transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const plans = {} as Record<Name, string>;
    for (const [name, query] of Object.entries(queries(tx)) as [Name, Explainable][]) {
      const lines = await selectRows<Record<string, string>>(sql`explain ${query.getSQL()}`, tx);
      plans[name] = lines.map((line) => Object.values(line)[0]).join('\n');
    }
    return plans;
  });
}
