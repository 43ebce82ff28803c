import fs from 'node:fs/promises';
import path from 'node:path';
import { FEATURE_DB_KEYS } from '@seva/shared';
import type { Config } from '../config.ts';
import { DomainError } from '../domain-errors.ts';
import { openInfrastructure, type Infrastructure } from '../infrastructure.ts';
import { checkDownloadUrl, checkFeatureKey } from '../modules/features/service.ts';
import { checkManualFile, MAX_MANUAL_BYTES, manualMessages } from '../modules/manuals/service.ts';
import { createServices, type Services } from '../services.ts';
import { formatSize } from './format-size.ts';
import { backupCommand, checkCommand, restoreCommand } from './maintenance-commands.ts';
import { redescribeCommand } from './redescribe-command.ts';

export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}

/** A backup's or restore's copy is checked by the integrity check the server itself builds. */
const integrityOfCopy = (infrastructure: Infrastructure) => createServices(infrastructure).integrity;

export const USAGE = `Usage: npm run admin -- <command>

Commands:
  manual add FILE.pdf       add a PDF as the newest user manual
  feature set DBKEY URL     set the download link of a glasses feature (https only)
  feature clear DBKEY       remove the download link of a glasses feature
  check [--repair]          compare records with stored blobs (images, manuals); --repair removes the orphans
  backup FILE               write the embedded install (SQLite and blobs) to one archive, also while the server runs
  restore FILE              bring a backup back into an empty DATA_DIR
  faces redescribe          describe every face photo again with the current recognition model (resumes if stopped)

Features: ${FEATURE_DB_KEYS.join(', ')}
Uses DATA_DIR and DATABASE_URL like the server does.`;

type Command =
  | { name: 'manual add'; file: string }
  | { name: 'feature set'; dbKey: string; url: string }
  | { name: 'feature clear'; dbKey: string }
  | { name: 'check'; repair: boolean }
  | { name: 'backup'; file: string }
  | { name: 'restore'; file: string }
  | { name: 'faces redescribe' }
  | { name: 'help' };

/** Input the operator can fix: printed as one line, exit code 1 (2 for usage). */
class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

function parseCommand(argv: readonly string[]): Command {
  const [group, action, ...rest] = argv;
  if (argv.length === 1 && (group === 'help' || group === '--help' || group === '-h')) return { name: 'help' };
  if (group === 'manual' && action === 'add' && rest.length === 1) return { name: 'manual add', file: rest[0]! };
  if (group === 'feature' && action === 'set' && rest.length === 2) return { name: 'feature set', dbKey: rest[0]!, url: rest[1]! };
  if (group === 'feature' && action === 'clear' && rest.length === 1) return { name: 'feature clear', dbKey: rest[0]! };
  if (group === 'check' && argv.length <= 2 && (action === undefined || action === '--repair')) return { name: 'check', repair: action === '--repair' };
  if (group === 'faces' && action === 'redescribe' && rest.length === 0) return { name: 'faces redescribe' };
  if ((group === 'backup' || group === 'restore') && action !== undefined && rest.length === 0) return { name: group, file: action };
  const what = argv.length === 0 ? 'No command given.' : `Unknown command: ${argv.join(' ')}`;
  throw new CliError(`${what}\n${USAGE}`, 2);
}

async function readPdf(file: string): Promise<{ data: Buffer; fileName: string }> {
  let data: Buffer;
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) throw new CliError(`Not a file: ${file}`);
    if (stat.size > MAX_MANUAL_BYTES) throw new CliError(manualMessages.tooLarge);
    data = await fs.readFile(file);
  } catch (error) {
    if (error instanceof CliError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new CliError(`File not found: ${file}`);
    throw new CliError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  const fileName = checkManualFile(data, path.basename(file));
  return { data, fileName };
}

/** Builds the services the server would build with this config, runs `work`, closes what they opened. */
async function withServices<T>(config: Config, out: CliOutput, work: (services: Services) => Promise<T>): Promise<T> {
  const infrastructure = await openInfrastructure(config, { log: out.log });
  try {
    return await work(createServices(infrastructure));
  } finally {
    await infrastructure.close();
  }
}

/**
 * The operator command line: checks all input before it opens the database, so bad input changes nothing.
 * Answers the exit code: 0 done, 1 bad input or failure, 2 usage.
 */
export async function runCli(argv: readonly string[], config: Config, out: CliOutput): Promise<number> {
  try {
    const command = parseCommand(argv);
    switch (command.name) {
      case 'help':
        out.log(USAGE);
        return 0;
      case 'manual add': {
        const { data, fileName } = await readPdf(command.file);
        const row = await withServices(config, out, (services) => services.manuals.addManual(data, fileName));
        out.log(`Added manual ${row.file_name} (${formatSize(row.size)}) at ${row.time_created}`);
        return 0;
      }
      case 'feature set': {
        checkFeatureKey(command.dbKey);
        checkDownloadUrl(command.url);
        const { feature, previous } = await withServices(config, out, (services) => services.features.setFeatureLink(command.dbKey, command.url));
        const replaced = previous && previous !== command.url ? ` (was ${previous})` : '';
        out.log(`Set the download link of ${feature.name} (${feature.dbKey}) to ${command.url}${replaced}`);
        return 0;
      }
      case 'feature clear': {
        checkFeatureKey(command.dbKey);
        const { feature, cleared } = await withServices(config, out, (services) => services.features.clearFeatureLink(command.dbKey));
        out.log(
          cleared
            ? `Cleared the download link of ${feature.name} (${feature.dbKey})`
            : `${feature.name} (${feature.dbKey}) had no download link; nothing changed`,
        );
        return 0;
      }
      case 'check':
        return await withServices(config, out, (services) => checkCommand(services, config, command.repair, out));
      case 'backup':
        return await backupCommand(config, command.file, integrityOfCopy, out);
      case 'restore':
        return await restoreCommand(config, command.file, integrityOfCopy, out);
      case 'faces redescribe':
        return await withServices(config, out, (services) => redescribeCommand(services, out));
    }
  } catch (error) {
    if (error instanceof CliError) {
      out.error(error.message);
      return error.exitCode;
    }
    if (error instanceof DomainError) {
      out.error(error.message);
      return 1;
    }
    out.error(`Failed: ${(error as Error).message}`);
    return 1;
  }
}
