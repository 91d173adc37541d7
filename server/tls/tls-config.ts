// The certificate and key the server serves HTTPS with: TLS_CERT and TLS_KEY (config.ts), or the
// practice certificate `npm run tls` put in DATA_DIR/tls (practice-tls-files.ts).
export interface TlsConfig {
  certPath: string;
  keyPath: string;
  /** Set for the practice certificate only: its first host name (`npm run tls -- --host`), the passkeys' default host. */
  practiceHost?: string | undefined;
}
