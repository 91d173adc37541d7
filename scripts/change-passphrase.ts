// `npm run change-passphrase`: the command itself lives in server/commands/change-passphrase.ts, where the packaged binary runs it too.
import '../server/commands/change-passphrase';
