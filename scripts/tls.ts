// `npm run tls`: the command itself lives in server/commands/tls.ts, where the packaged binary runs it too.
import '../server/commands/tls';
