// The practice's messages for `npm run encrypt`: a plain practice encrypted in place, after a
// backup; in Spanish.
export const encrypt = {
  encryptUsage:
    'Uso: npm run encrypt -- [--data-dir DIR] [--backup-dir DIR]   (DATA_DIR si no se indica; la copia va a BACKUP_DIR, o junto a DATA_DIR, con ' +
    'BACKUP_PASSPHRASE o una frase escrita; la frase de la consulta, de PASSPHRASE_FILE, PASSPHRASE o del terminal)',
  encryptNoDatabase: ({ dataDir }: { dataDir: string }) => `No hay base de datos en ${dataDir}: ¿es el DATA_DIR del servidor? No se ha cambiado nada.`,
  encryptAlready: ({ dataDir }: { dataDir: string }) => `${dataDir} ya está cifrado; no hay nada que hacer. (npm run change-passphrase cambia su frase.)`,
  encryptResumed: ({ dataDir }: { dataDir: string }) =>
    `Se ha terminado el cifrado de ${dataDir} que se había detenido antes de su último paso: con la misma clave y la misma frase de la consulta, y la copia escrita entonces; ` +
    'la clave de recuperación de arriba es nueva (la que mostrara la ejecución detenida ya no la abre).',
  encryptBackupWritten: ({ file, patients, documents }: { file: string; patients: number; documents: number }) =>
    `Antes de cifrar se ha escrito la copia ${file} (${patients} pacientes, ${documents} documentos), con la frase de las copias.`,
  encryptDatabaseBusy: 'Otro proceso tiene abierta la base de datos (¿una copia, audit:verify?); no se ha cambiado nada. Deje que termine y ejecute esto otra vez.',
  encryptCountDiffers: ({ table, before, after }: { table: string; before: number; after: number }) => `la tabla ${table} tiene ${after} filas, no ${before}`,
  encryptCopyFails: ({ problem }: { problem: string }) => `La copia cifrada de la base de datos no pasa su comprobación (${problem}); no se ha cambiado nada.`,
  encryptServerRunning: ({ dataDir, server }: { dataDir: string; server: string }) =>
    `${dataDir} es el DATA_DIR de un servidor en marcha (${server}); no se ha cambiado nada. Detenga antes ese servidor y cifre después.`,
  encryptEarlierBackup: 'la que escribió la ejecución que se detuvo antes',
  encryptAuditFails: ({ problem }: { problem: string }) =>
    `El registro de auditoría no pasa su comprobación, así que no se ha cifrado ni cambiado nada: ${problem} Revíselo antes (npm run audit:verify).`,
  encryptDocumentFails: ({ code }: { code: string }) => `el documento ${code}… no se abre con la clave de los documentos`,
  encryptCheckFailed: ({ problem, backup }: { problem: string; backup: string }) =>
    `Los datos están cifrados, pero la comprobación posterior ha fallado: ${problem}. La copia escrita antes de cifrar es ${backup}.`,
  encryptDone: (p: { dataDir: string; seconds: string; rows: number; tables: number; documents: number; verified: number }) =>
    `Cifrado ${p.dataDir} en ${p.seconds} s: ${p.rows} filas en ${p.tables} tablas, cada tabla con las mismas que antes; ${p.documents} documentos se abren con su clave; ` +
    `cadena de auditoría intacta (${p.verified} filas). La base de datos y los ficheros de claves ya solo se abren con la clave de la consulta.`,
  encryptFailed: ({ reason }: { reason: string }) => `El cifrado ha fallado: ${reason}`,
  encryptSealedLeftovers: ({ files }: { files: string }) => `Se han cifrado con la clave de la consulta los ficheros de claves que seguían en claro: ${files}.`,
};
