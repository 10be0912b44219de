// npm run validate -- <kind>/<mark> <file...> [--lang en] [--json] | --list [--json]
import { nodeCliIo } from './nodeCliIo';
import { runValidate } from './runValidate';

process.exitCode = await runValidate(process.argv.slice(2), nodeCliIo());
