// `npm run backup`: the command itself lives in server/commands/backup.ts, where the packaged binary runs it too.
import '../server/commands/backup';
