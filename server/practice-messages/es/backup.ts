// The practice's messages for `npm run backup` (and the binary's backup): the archive written, the
// backup passphrase; in Spanish.
export const backup = {
  backupUsage: 'Uso: npm run backup -- --out ARCHIVO [--data-dir DIR] [--database-url URL]   (DATA_DIR y DATABASE_URL si no se indican; la frase, de BACKUP_PASSPHRASE o del terminal)',
  backupPlainRefused:
    '--plain escribe los expedientes sin cifrar: rechazado. Añada --i-understand-this-is-unencrypted si es de verdad lo que quiere.',
  backupWrote: (p: { file: string; plain: boolean; patients: number; documents: number; rows: number; tables: number; mb: string; seconds: string }) =>
    `Copia escrita en ${p.file}${p.plain ? ' (SIN CIFRAR y sin las claves)' : ''}: ${p.patients} pacientes, ${p.documents} documentos, ` +
    `${p.rows} filas en ${p.tables} tablas, ${p.mb} MB, en ${p.seconds} s.`,
  backupFailed: ({ reason }: { reason: string }) => `La copia ha fallado: ${reason}`,
  backupPassphraseTooShort: ({ min }: { min: number }) => `La frase de la copia debe tener al menos ${min} caracteres: es lo único que protege el archivo.`,
  backupNoDatabase: ({ path, dataDir }: { path: string; dataDir: string }) =>
    `No hay base de datos en ${path}: ¿es ${dataDir} el DATA_DIR del servidor?`,
  backupBlobSizeWrong: ({ blob, size, expected }: { blob: string; size: number; expected: number }) =>
    `El documento cifrado ${blob} tiene ${size} bytes donde su fila dice ${expected}: DATA_DIR/documents está dañado.`,
  backupBlobMissing: ({ blob, dir }: { blob: string; dir: string }) =>
    `Falta el documento cifrado ${blob} en ${dir} aunque el documento sigue existiendo: DATA_DIR está dañado.`,

  passphraseNeeded: 'Defina BACKUP_PASSPHRASE, o ejecute esto en un terminal para escribir la frase.',
  passphrasePrompt: 'Frase de la copia: ',
  passphraseAgain: 'La misma frase otra vez: ',
  passphrasesDiffer: 'Las dos frases no coinciden; no se ha escrito nada.',
  passphraseCancelled: 'Cancelado.',
  backupPracticeLocked: ({ dataDir }: { dataDir: string }) =>
    `${dataDir} está cifrado y este proceso no tiene su clave de la consulta: desbloquee antes la consulta (su frase en PASSPHRASE_FILE o PASSPHRASE, o en el terminal). No se ha escrito nada.`,
  backupPlainOfEncrypted: '--plain no se admite en una consulta cifrada: sus expedientes nunca salen de ella sin cifrar. No se ha escrito nada.',
};
