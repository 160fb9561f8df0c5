import { exitWith, withCommandDatabase } from './command-database';
import {
  INTEGRATION_USAGE,
  type IntegrationCommand,
  parseIntegrationArgs,
  runIntegrationCommand,
} from './integration-command';

async function main(): Promise<number> {
  let command: IntegrationCommand;
  try {
    command = parseIntegrationArgs(process.argv.slice(2));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(reason ? `${reason}\n\n${INTEGRATION_USAGE}` : INTEGRATION_USAGE);
    return 2;
  }
  return withCommandDatabase(command.force, async ({ config, database }) => {
    const result = await runIntegrationCommand(command, { db: database.db, config });
    (result.code === 0 ? console.log : console.error)(result.text);
    return result.code;
  });
}

exitWith(main());
