// `npm run restore`: the command itself lives in server/commands/restore.ts, where the packaged binary runs it too.
import '../server/commands/restore';
