/**
 * `npm run apikey:create -- --company <companyId> [--name <name>] [--scopes <a,b>]`: creates an
 * integration API key and prints it (stdout: the key alone, so scripts can capture it; stderr:
 * what it is for and what it may do). Without `--scopes` the key gets every scope.
 */
import { loadConfig } from '../../config.js';
import { applyMigrations } from '../../db/migrate.js';
import { openConfiguredDatabase } from '../../db/open-configured-database.js';
import { apiKeyScopeSchema, apiKeyScopes, type ApiKeyScope } from '@leasing/contract';
import { command, parseCommandArgs } from '../../lib/run-cli.js';
import { findCompanyName } from './api-keys.repository.js';
import { createApiKey } from './api-keys.service.js';

const USAGE =
  'Usage: npm run apikey:create -- --company <companyId> [--name <name>] ' +
  `[--scopes <${apiKeyScopes.join(',')}>]`;

/** `--scopes a,b`: each one a scope of the contract; left out, every scope. */
const scopesOf = (value: string | undefined): ApiKeyScope[] => {
  if (value === undefined) return [...apiKeyScopes];
  const words = value
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
  const unknown = words.filter((word) => !apiKeyScopeSchema.safeParse(word).success);
  if (unknown.length > 0 || words.length === 0) {
    throw new Error(
      `--scopes takes a comma-separated list of ${apiKeyScopes.join(', ')}` +
        (unknown.length > 0 ? `; unknown: ${unknown.join(', ')}` : '') +
        `.\n${USAGE}`,
    );
  }
  return apiKeyScopes.filter((scope) => words.includes(scope));
};

const readArgs = (argv: string[]) => {
  const values = parseCommandArgs(
    argv,
    {
      company: { type: 'string' },
      name: { type: 'string' },
      scopes: { type: 'string' },
    },
    USAGE,
  );
  const company = values.company?.trim();
  if (!company) throw new Error(`--company is required.\n${USAGE}`);
  return {
    companyId: company,
    name: values.name?.trim() || 'Command line',
    scopes: scopesOf(values.scopes),
  };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The embedded database belongs to one process at a time. While a server holds it, this command
 * must not open it (the data-dir lock refuses before anything is touched): the key is then made
 * where the data lives, in the running console.
 */
const openDatabase = async (config: ReturnType<typeof loadConfig>) => {
  try {
    return await openConfiguredDatabase(config);
  } catch (error) {
    if (!config.databaseUrl && /in use by process/.test((error as Error).message)) {
      throw new Error(
        `The embedded database in ${config.dataDir} is in use by a running server, so no key was created.\n` +
          'Create the key in the console (user menu → API keys), or stop the server and run this again.',
      );
    }
    throw error;
  }
};

export const createApiKeyCommand = command(async ({ argv, env, output }) => {
  const { companyId, name, scopes } = readArgs(argv);
  if (!UUID.test(companyId)) throw new Error(`No company with id ${companyId}.`);
  const config = loadConfig(env);
  const database = await openDatabase(config);
  try {
    await applyMigrations(database);
    const company = await findCompanyName(database.db, companyId);
    if (!company) throw new Error(`No company with id ${companyId}.`);
    const { key, apiKey } = await createApiKey(database.db, {
      companyId,
      name,
      createdByUserId: null,
      scopes,
    });
    output.err(
      `API key "${apiKey.name}" (${apiKey.prefix}…) created for ${company.name} ` +
        `with scopes ${apiKey.scopes.join(', ')}. Keep it now: it is not shown again.`,
    );
    output.out(key);
  } finally {
    await database.close();
  }
});
