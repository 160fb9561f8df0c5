import { loadConfig } from '../config';
import { exitWith, withCommandDatabase } from './command-database';
import {
  INTEGRATION_USAGE,
  type IntegrationCommand,
  parseIntegrationArgs,
  runIntegrationCommand,
} from './integration-command';
import {
  describeImport,
  IMPORT_USAGE,
  type ImportCommand,
  parseImportArgs,
  runImport,
  writeSample,
} from './integration-import';

const USAGE = `${INTEGRATION_USAGE}\n\n${IMPORT_USAGE}`;

/** `import` and `sample`: the initial load (integration-import.ts). */
async function bulk(command: ImportCommand): Promise<number> {
  if (command.action === 'sample') {
    const config = loadConfig({ DEMO_MODE: 'true', ...process.env });
    await writeSample(command, config, process.stdout);
    return 0;
  }
  return withCommandDatabase(command.force, async (opened) => {
    const { report, seconds } = await runImport(command, opened, (sofar) =>
      process.stderr.write(
        `\r${sofar.created + sofar.updated + sofar.unchanged} written, ${sofar.refused.length} refused…`,
      ),
    );
    process.stderr.write('\n');
    const text = describeImport(report, seconds);
    (report.refused.length === 0 ? console.log : console.error)(text);
    return report.refused.length === 0 ? 0 : 1;
  });
}

async function main(): Promise<number> {
  let command: IntegrationCommand;
  let load: ImportCommand | null;
  try {
    const argv = process.argv.slice(2);
    load = parseImportArgs(argv);
    if (load) return bulk(load);
    command = parseIntegrationArgs(argv);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(reason ? `${reason}\n\n${USAGE}` : USAGE);
    return 2;
  }
  return withCommandDatabase(command.force, async ({ config, database }) => {
    const result = await runIntegrationCommand(command, { db: database.db, config });
    (result.code === 0 ? console.log : console.error)(result.text);
    return result.code;
  });
}

exitWith(main());
