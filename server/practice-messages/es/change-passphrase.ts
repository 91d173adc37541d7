// The practice's messages for `npm run change-passphrase`: a new passphrase or recovery key for the
// practice key; in Spanish.
export const changePassphrase = {
  changePassphraseUsage:
    'Uso: npm run change-passphrase -- [--data-dir DIR] [--recovery-key] [--new-recovery-key]   (la frase actual, de PASSPHRASE_FILE, PASSPHRASE o del terminal, ' +
    'o la clave de recuperación de RECOVERY_KEY; la nueva, de NEW_PASSPHRASE o escrita dos veces; --new-recovery-key sustituye en cambio la clave de recuperación y muestra la nueva una vez)',
  changePassphraseNotEncrypted: ({ dataDir }: { dataDir: string }) =>
    `${dataDir} no está cifrado: no tiene frase que cambiar (npm run encrypt lo cifra). No se ha cambiado nada.`,
  changePassphraseDone: ({ dataDir }: { dataDir: string }) =>
    `La frase de la consulta de ${dataDir} ha cambiado: la antigua ya no la abre; la clave de recuperación, sí. ` +
    'Ponga la nueva donde el servidor la lee al arrancar (PASSPHRASE_FILE o PASSPHRASE); un servidor en marcha sigue sin más.',
  changePassphraseFailed: ({ reason }: { reason: string }) => `La frase no se ha cambiado: ${reason}`,
  newRecoveryKeyDone: ({ dataDir }: { dataDir: string }) =>
    `${dataDir} tiene una clave de recuperación nueva, la de arriba: la antigua ya no lo abre; la frase sigue siendo la misma. Imprima la nueva y guárdela aparte.`,
  newRecoveryKeyFailed: ({ reason }: { reason: string }) => `La clave de recuperación no se ha sustituido: ${reason}`,
};
