// `npm run demo`: the command itself lives in server/commands/demo.ts, where the packaged binary runs it too.
import '../server/commands/demo';
