// `npm run audit:verify`: the command itself lives in server/commands/audit-verify.ts, where the packaged binary runs it too.
import '../server/commands/audit-verify';
