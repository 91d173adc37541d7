// `npm run encrypt`: the command itself lives in server/commands/encrypt.ts, where the packaged binary runs it too.
import '../server/commands/encrypt';
