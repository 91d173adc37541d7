// `npm run tls -- --host NAME [--ip ADDRESS]...`: HTTPS for the practice's network. Makes (once) a
// certificate authority for the practice and (each run) a server certificate signed by it, in
// DATA_DIR/tls, where `npm start` finds them. Usage and the work itself: server/tls/.
import { issuePracticeTls } from '../server/tls/issue-practice-tls';
import { practiceText } from '../server/practice-messages/practice-text';
import { parseTlsArguments } from '../server/tls/tls-arguments';

const day = (date: Date) => date.toISOString().slice(0, 10);

async function main(): Promise<number> {
  const parsed = parseTlsArguments(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(parsed.message);
    return 2;
  }
  const { request } = parsed;
  const issued = await issuePracticeTls(request);
  const names = [...issued.hosts, ...issued.ipAddresses].join(', ');
  const text = practiceText();
  const caLine = { created: text.tlsCaCreated, replaced: text.tlsCaReplaced, reused: text.tlsCaReused }[issued.ca];
  console.log(
    text.tlsIssued({
      caLine,
      caCert: issued.files.caCert,
      caUntil: day(issued.caNotAfter),
      caSubject: issued.caSubject,
      sha256: issued.caFingerprint256,
      sha1: issued.caFingerprint1,
      names,
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
