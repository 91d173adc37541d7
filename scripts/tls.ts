// `npm run tls -- --host NAME [--ip ADDRESS]...`: HTTPS for the practice's network. Makes (once) a
// certificate authority for the practice and (each run) a server certificate signed by it, in
// DATA_DIR/tls, where `npm start` finds them. Usage and the work itself: server/tls/.
import { issuePracticeTls } from '../server/tls/issue-practice-tls';
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
  const caLine = {
    created: 'Made a new practice certificate authority',
    replaced: 'Replaced the practice certificate authority (--new-ca): every device must install the new one',
    reused: 'Kept the practice certificate authority: devices that trust it need nothing new',
  }[issued.ca];
  console.log(
    [
      `${caLine}: ${issued.files.caCert} (valid until ${day(issued.caNotAfter)})`,
      `  ${issued.caSubject}`,
      `  SHA-256 fingerprint: ${issued.caFingerprint256}`,
      `  SHA-1 fingerprint (Windows' "Thumbprint"): ${issued.caFingerprint1}`,
      `Issued the server certificate for ${names}: ${issued.files.serverCert} (valid until ${day(issued.serverNotAfter)}; run this again before then)`,
      '',
      'Next: (re)start the server with `npm start` (HOST=0.0.0.0 to serve the practice\'s network). It serves HTTPS',
      `and answers plain HTTP on the same port with a redirect. On each device, open http://${issued.hosts[0]}:PORT/practice-ca.crt,`,
      'install the authority as the README says, and check that the device shows the fingerprint above before trusting it.',
    ].join('\n'),
  );
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    console.error(`npm run tls failed: ${error.message}`);
    process.exitCode = 1;
  },
);
