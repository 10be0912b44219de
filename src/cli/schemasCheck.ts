// npm run schemas:check [-- <schemas dir>]
import path from 'node:path';
import { nodeCliIo } from './nodeCliIo';
import { runSchemasCheck } from './runSchemasCheck';

const io = nodeCliIo();
const dir = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (dir) io.schemasDir = path.resolve(dir);
process.exitCode = await runSchemasCheck(io);
