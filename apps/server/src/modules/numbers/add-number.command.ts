/**
 * `npm run numbers:add -- --company <companyId> --number <phone>`: registers an SMS number to one
 * company, for an operator setting up a deployment (admins add numbers in the console:
 * Settings → Numbers). Refuses, as the console does, a number the deployment's Twilio account
 * (or, without Twilio, the sandbox) does not own, one any company has, and one another company
 * released in the last 30 days; the console's 10-a-day limit does not apply here.
 */
import { loadConfig } from '../../config.js';
import { applyMigrations } from '../../db/migrate.js';
import { openConfiguredDatabase } from '../../db/open-configured-database.js';
import { HttpError } from '../../lib/errors.js';
import { systemClock } from '../../lib/clock.js';
import { command, parseCommandArgs } from '../../lib/run-cli.js';
import { numberInventoryOf } from '../../providers/number-inventory.js';
import { companyExists } from './numbers.repository.js';
import { registerNumberAsOperator, sharedNumberOf } from './numbers.service.js';

const USAGE = 'Usage: npm run numbers:add -- --company <companyId> --number <phone number>';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const readArgs = (argv: string[]) => {
  const values = parseCommandArgs(
    argv,
    { company: { type: 'string' }, number: { type: 'string' } },
    USAGE,
  );
  const companyId = values.company?.trim();
  const number = values.number?.trim();
  if (!companyId || !number) throw new Error(`--company and --number are required.\n${USAGE}`);
  if (!UUID.test(companyId)) throw new Error(`No company with id ${companyId}.`);
  return { companyId, number };
};

export const addNumberCommand = command(async ({ argv, env, output }) => {
  const input = readArgs(argv);
  const config = loadConfig(env);
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
    const deps = {
      shared: sharedNumberOf(config),
      inventory: numberInventoryOf(config),
      now: systemClock,
    };
    const added = await registerNumberAsOperator(database.db, deps, input).catch(
      (error: unknown) => {
        if (error instanceof HttpError) throw new Error(error.message);
        throw error;
      },
    );
    output.out(`${added.number} now belongs to company ${input.companyId}.`);
  } finally {
    await database.close();
  }
});
