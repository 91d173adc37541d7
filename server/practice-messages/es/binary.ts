// The practice's messages for the packaged binary: its help, and the upgrade of an older practice's
// data at start; in Spanish.
export const binary = {
  binaryHelp: ({ release }: { release: string }) => `Expediente ${release}: expedientes médicos para consultorios pequeños.

Uso:
  expediente [--no-backup]                 sirve el consultorio (PORT, HOST, DATA_DIR... como npm start).
                                           Unos datos de una versión anterior se copian antes de
                                           actualizarlos (con BACKUP_PASSPHRASE), o con --no-backup
                                           se actualizan sin copia
  expediente backup --out ARCHIVO [--data-dir DIR]
  expediente restore ARCHIVO --data-dir DIR [--force] [--new-practice-key | --unencrypted]
  expediente demo [--data-dir DIR]
  expediente audit-verify
  expediente encrypt [--data-dir DIR] [--backup-dir DIR]
                                           cifra un DATA_DIR sin cifrar (con el servidor detenido),
                                           tras una copia; la frase de la consulta, de
                                           PASSPHRASE_FILE, PASSPHRASE o del terminal
  expediente change-passphrase [--data-dir DIR]
                                           una frase nueva de la consulta (NEW_PASSPHRASE, o escrita
                                           dos veces)
  expediente tls --host NOMBRE [--ip DIRECCIÓN]... --ca-key ARCHIVO
  expediente --version | --help

En una consulta cifrada, las órdenes toman su frase de PASSPHRASE_FILE o PASSPHRASE, o del
terminal; --recovery-key (o RECOVERY_KEY) toma en su lugar la clave de recuperación.
La configuración va en variables de entorno, como explica el README. Los mensajes salen en el idioma
de LANG, o en el de EXPEDIENTE_LANGUAGE (es o en).`,
  binaryUnknownCommand: ({ command }: { command: string }) => `Orden desconocida: ${command}`,
  binaryNoBackupAlone: '--no-backup va solo: expediente --no-backup',

  upgradeRefused: ({ release, dataDir, backupDir }: { release: string; dataDir: string; backupDir: string }) =>
    `No se ha cambiado nada. Los datos de ${dataDir} son de una versión anterior, y Expediente ${release} tiene que actualizarlos ` +
    `para servirlos; una vez actualizados, la versión anterior ya no los abre.\n` +
    `Para seguir, defina BACKUP_PASSPHRASE (al menos 12 caracteres; guárdela: sin ella la copia no se abre): antes de actualizar ` +
    `se escribirá una copia cifrada en ${backupDir} (BACKUP_DIR elige otro sitio). ` +
    `O arranque con --no-backup para actualizar sin copia, si ya tiene una.`,
  upgradeBackupWritten: ({ file, patients, documents }: { file: string; patients: number; documents: number }) =>
    `Antes de actualizar los datos se ha escrito la copia ${file} (${patients} pacientes, ${documents} documentos).`,
  upgradeBackupReused: ({ file }: { file: string }) =>
    `Los datos no han cambiado desde la copia previa a esta actualización, ${file}: se usa esa, no se escribe otra.`,
  upgradeWithoutBackup: ({ dataDir }: { dataDir: string }) =>
    `Se actualizan los datos de ${dataDir} sin copia previa (--no-backup): solo una copia propia permitirá volver atrás.`,
  upgradeOnPostgres: () =>
    'Los datos están en la base de datos PostgreSQL que nombra DATABASE_URL: este binario no escribe copia antes de migrarla. ' +
    'Haga las copias de PostgreSQL con las herramientas del propio clúster (pg_dump, o pg_basebackup y su archivo de WAL).',
  upgradeFinished: ({ dataDir, release, goBack }: { dataDir: string; release: string; goBack: string }) =>
    `Actualización terminada: los datos de ${dataDir} son ya de Expediente ${release}. ` +
    `Para volver atrás: detenga Expediente, ejecute ${goBack} (con la misma BACKUP_PASSPHRASE) y arranque la versión anterior sobre ${dataDir}.`,
  upgradeFinishedWithoutBackup: ({ dataDir, release }: { dataDir: string; release: string }) =>
    `Actualización terminada: los datos de ${dataDir} son ya de Expediente ${release}. Se hizo sin copia previa (--no-backup).`,
};
