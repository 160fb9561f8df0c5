import { centreOffset } from '@portail/contract/rules/centre-time';
import {
  configure,
  ZipWriter,
  type ZipWriterConstructorOptions,
  type ZipWriter as ZipWriterType,
} from '@zip.js/zip.js';
import type { CallerProfile } from '../auth/caller';
import { easilyGuessed } from '../auth/password-policy';
import { FieldErrors } from './field-errors';

// The server has no web workers: zip.js compresses and encrypts in the calling thread.
configure({ useWebWorkers: false });

/** The options of an archive a typed password opens, or of a plain one without it. */
function archiveOptions(password: string | undefined): ZipWriterConstructorOptions {
  // AES-256 (WinZip AE-2): opens in 7-Zip, WinZip, macOS's Archive Utility and most readers.
  return password ? { password, encryptionStrength: 3 } : {};
}

/**
 * The Date whose local fields (the ones zip.js writes as an entry's DOS date and time, which carry no
 * zone) read the centre's wall clock at `instant`, whatever the server's own zone.
 */
export function centreDosDate(instant: Date): Date {
  const wall = new Date(instant.getTime() + centreOffset(instant));
  return new Date(
    wall.getUTCFullYear(),
    wall.getUTCMonth(),
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
  );
}

/**
 * A ZIP writer over `sink` (a zip.js Writer, or a WritableStream the archive is streamed into), encrypted
 * with AES-256 by `password` when one is given: what sending documents and "my data" both write.
 * `parisTime`: every entry is dated by that instant in Paris time (what README.txt of "my data" says),
 * as a DOS time alone: the UTC extended timestamp, which readers prefer, is left out.
 */
export function archiveWriter<T>(
  sink: ConstructorParameters<typeof ZipWriter<T>>[0],
  password?: string,
  parisTime?: Date,
): ZipWriterType<T> {
  return new ZipWriter(sink, {
    ...archiveOptions(password),
    ...(parisTime ? { lastModDate: centreDosDate(parisTime), extendedTimestamp: false } : {}),
  });
}

/**
 * An archive password beyond the schema's length (ARCHIVE_PASSWORD_MIN): the estimator of account
 * passwords, with the account's names and mail, refuses the easily guessed ones, since an archive is
 * attacked offline. Throws the field error `field` carries on the form.
 */
export function refuseGuessedArchivePassword(profile: CallerProfile, password: string, field: string): void {
  if (easilyGuessed(password, [profile.login, profile.lastName, profile.firstName, profile.email]))
    throw new FieldErrors([{ field, defaultMessage: 'errors.passwordFaible' }]);
}
