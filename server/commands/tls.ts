// `npm run tls -- --host NAME [--ip ADDRESS]... --ca-key FILE`: HTTPS for the practice's network.
// Makes (once) a certificate authority for the practice, limited to its names, with its key
// encrypted in FILE, and (each run) a server certificate signed by it in DATA_DIR/tls, where
// `npm start` finds it. Usage and the work itself: server/tls/.
import { issuePracticeTls } from '../tls/issue-practice-tls';
import { practiceText } from '../practice-messages/practice-text';
import { caPassphraseFromEnvOrTerminal } from '../tls/ca-passphrase';
import { describeScope } from '../tls/name-constraints';
import { parseTlsArguments } from '../tls/tls-arguments';

const day = (date: Date) => date.toISOString().slice(0, 10);

async function main(): Promise<number> {
  const parsed = parseTlsArguments(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(parsed.message);
    return 2;
  }
  const { request } = parsed;
  const issued = await issuePracticeTls(request, caPassphraseFromEnvOrTerminal(process.env));
  const text = practiceText();
  if (issued.legacyKey === 'moved') console.log(text.tlsCaKeyMoved({ legacyKey: issued.files.legacyCaKey, keyFile: issued.caKeyFile }));
  if (issued.legacyKey === 'removed') console.log(text.tlsLegacyKeyRemoved({ legacyKey: issued.files.legacyCaKey }));
  const caLine = { created: text.tlsCaCreated, replaced: text.tlsCaReplaced, reused: text.tlsCaReused }[issued.ca];
  console.log(
    text.tlsIssued({
      caLine,
      caCert: issued.files.caCert,
      caUntil: day(issued.caNotAfter),
      caSubject: issued.caSubject,
      sha256: issued.caFingerprint256,
      sha1: issued.caFingerprint1,
      scopeLine: issued.caScope ? text.tlsCaScope({ scope: describeScope(issued.caScope) }) : text.tlsCaUnconstrained,
      keyFile: issued.caKeyFile,
      names: [...issued.hosts, ...issued.ipAddresses].join(', '),
      serverCert: issued.files.serverCert,
      serverUntil: day(issued.serverNotAfter),
      host: issued.hosts[0]!,
    }),
  );
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    console.error(practiceText().tlsFailed({ reason: error.message }));
    process.exitCode = 1;
  },
);
