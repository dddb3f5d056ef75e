/** `npm run media:to-s3`: the command in copy-media-to-s3.command.ts, run as this process. */
import { exitWith, runCommand } from '../../lib/run-cli.js';
import { copyMediaToS3Command } from './copy-media-to-s3.command.js';

exitWith(await runCommand(copyMediaToS3Command));
