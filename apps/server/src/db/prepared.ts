import type { Db } from './client.js';

/**
 * A query Drizzle builds once per database handle (the app's, or a transaction's) and then runs
 * with placeholders. Otherwise Drizzle builds a query's SQL on every call, which was about a
 * quarter of a hot read's CPU. Give the query a unique name in `build` (`.prepare('name')`): on
 * PostgreSQL, node-postgres then has the server parse and plan it once per connection too.
 */
export const preparedQuery = <Query>(build: (db: Db) => Query): ((db: Db) => Query) => {
  const byHandle = new WeakMap<Db, Query>();
  return (db) => {
    let query = byHandle.get(db);
    if (!query) {
      query = build(db);
      byHandle.set(db, query);
    }
    return query;
  };
};
