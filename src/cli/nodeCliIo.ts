import { readFile } from 'node:fs/promises';
import { defaultSchemasDir } from '../server/schemas/loadRegistry';
import type { CliIo } from './cliIo';

/** The real console, files and stdin. */
export function nodeCliIo(): CliIo {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    readFile: (path) => readFile(path, 'utf8'),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    schemasDir: defaultSchemasDir(),
  };
}
