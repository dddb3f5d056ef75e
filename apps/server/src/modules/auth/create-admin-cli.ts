/** `npm run admin:create`: the command in create-admin.command.ts, run as this process. */
import { exitWith, runCommand } from '../../lib/run-cli.js';
import { createAdminCommand } from './create-admin.command.js';

exitWith(await runCommand(createAdminCommand));
