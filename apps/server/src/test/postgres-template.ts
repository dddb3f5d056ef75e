import pg from 'pg';

/** The name of the run's migrated PostgreSQL template database (set by `global-setup.ts`). */
export const POSTGRES_TEMPLATE_ENV = 'LEASING_TEST_POSTGRES_TEMPLATE';

/** Runs one statement on the PostgreSQL server of `baseUrl` (creating and dropping databases). */
export const administer = async (baseUrl: string, statement: string) => {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
};

/** `baseUrl` with its database name replaced by `name`. */
export const databaseUrl = (baseUrl: string, name: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
