// Where the audit chain's key is kept: a file in DATA_DIR (mode 0600), generated on first start.
export const AUDIT_KEY_FILE = 'audit-key';
