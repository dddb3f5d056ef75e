/**
 * `npm run admin:create -- --email <email> --company <name or id> [--name <full name>]`: the first
 * admin of a deployment without the demo. Creates the company when no company has that name (or
 * id), then an admin of it with a generated password, printed once (stdout: the password alone).
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { loadConfig } from '../../config.js';
import { applyMigrations } from '../../db/migrate.js';
import { openConfiguredDatabase } from '../../db/open-configured-database.js';
import { command, parseCommandArgs } from '../../lib/run-cli.js';
import { createAdmin } from './users.service.js';

const USAGE =
  'Usage: npm run admin:create -- --email <email> --company <company name or id> [--name <full name>]';

const readArgs = (argv: string[]) => {
  const values = parseCommandArgs(
    argv,
    {
      email: { type: 'string' },
      company: { type: 'string' },
      name: { type: 'string' },
    },
    USAGE,
  );
  const email = values.email?.trim();
  const company = values.company?.trim();
  if (!email || !z.email().safeParse(email).success) {
    throw new Error(`--email must be an email address.\n${USAGE}`);
  }
  if (!company) throw new Error(`--company is required.\n${USAGE}`);
  return { email, company, name: values.name?.trim() || email.split('@')[0]! };
};

export const createAdminCommand = command(async ({ argv, env, output }) => {
  const args = readArgs(argv);
  const config = loadConfig(env);
  const database = await openConfiguredDatabase(config).catch((error: Error) => {
    if (!config.databaseUrl && /in use by process/.test(error.message)) {
      throw new Error(
        `The embedded database in ${config.dataDir} is in use by a running server. Stop it and run this again.`,
      );
    }
    throw error;
  });
  try {
    await applyMigrations(database);
    const password = randomBytes(12).toString('base64url');
    const { companyName, createdCompany } = await createAdmin(database.db, { ...args, password });
    output.err(
      `Admin ${args.email} created for ${createdCompany ? 'the new company' : 'the company'} ` +
        `"${companyName}". Sign in with this password (shown once; keep it safe):`,
    );
    output.out(password);
  } finally {
    await database.close();
  }
});
