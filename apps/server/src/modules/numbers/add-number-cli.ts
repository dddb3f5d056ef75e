/** `npm run numbers:add`: the command in add-number.command.ts, run as this process. */
import { exitWith, runCommand } from '../../lib/run-cli.js';
import { addNumberCommand } from './add-number.command.js';

exitWith(await runCommand(addNumberCommand));
