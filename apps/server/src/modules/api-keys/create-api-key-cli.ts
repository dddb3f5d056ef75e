/** `npm run apikey:create`: the command in create-api-key.command.ts, run as this process. */
import { exitWith, runCommand } from '../../lib/run-cli.js';
import { createApiKeyCommand } from './create-api-key.command.js';

exitWith(await runCommand(createApiKeyCommand));
