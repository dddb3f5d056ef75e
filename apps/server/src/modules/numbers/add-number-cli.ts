/**
 * `npm run numbers:add -- --company <companyId> --number <phone>`: registers an SMS number to one
 * company, for an operator setting up a deployment (admins add numbers in the console:
 * Settings → Numbers). Refuses a number any company already has.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { applyMigrations } from '../../db/migrate.js';
import { openConfiguredDatabase } from '../../db/open-configured-database.js';
import { HttpError } from '../../lib/errors.js';
import { runCli } from '../../lib/run-cli.js';
import { companyExists } from './numbers.repository.js';
import { registerNumberAsOperator, sharedNumberOf } from './numbers.service.js';

const USAGE = 'Usage: npm run numbers:add -- --company <companyId> --number <phone number>';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const readArgs = () => {
  let values;
  try {
    ({ values } = parseArgs({
      options: { company: { type: 'string' }, number: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
  const companyId = values.company?.trim();
  const number = values.number?.trim();
  if (!companyId || !number) throw new Error(`--company and --number are required.\n${USAGE}`);
  if (!UUID.test(companyId)) throw new Error(`No company with id ${companyId}.`);
  return { companyId, number };
};

await runCli(async () => {
  const input = readArgs();
  const config = loadConfig();
  const database = await openConfiguredDatabase(config).catch((error: Error) => {
    if (!config.databaseUrl && /in use by process/.test(error.message)) {
      throw new Error(
        `The embedded database in ${config.dataDir} is in use by a running server. Add the number in the console (Settings → Numbers), or stop the server and run this again.`,
      );
    }
    throw error;
  });
  try {
    await applyMigrations(database);
    if (!(await companyExists(database.db, input.companyId))) {
      throw new Error(`No company with id ${input.companyId}.`);
    }
    const added = await registerNumberAsOperator(database.db, sharedNumberOf(config), input).catch(
      (error: unknown) => {
        if (error instanceof HttpError) throw new Error(error.message);
        throw error;
      },
    );
    console.log(`${added.number} now belongs to company ${input.companyId}.`);
  } finally {
    await database.close();
  }
});
