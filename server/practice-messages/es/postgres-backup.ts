// The practice's messages for `npm run backup` and `npm run restore` on a clinic network's PostgreSQL
// database (DATABASE_URL); in Spanish.
export const postgresBackup = {
  backupPostgresSchemaDiffers: ({ table }: { table: string }) =>
    `La tabla ${table} de la base de datos PostgreSQL no tiene las columnas de esta versión: arranque antes un servidor de esta versión con ella (la actualiza) y repita la copia. No se ha escrito nada.`,
  backupPostgresNoKeys: ({ dataDir }: { dataDir: string }) =>
    `${dataDir} no tiene las claves de la red (falta audit-key): ¿es el DATA_DIR de uno de sus servidores? No se ha escrito nada.`,
  backupPostgresBlobMissing: ({ blob }: { blob: string }) =>
    `Falta el documento cifrado ${blob} en document_blobs aunque el documento sigue existiendo: la base de datos está dañada. No se ha escrito nada.`,
  restorePostgresNotEmpty: ({ database, rows }: { database: string; rows: number }) =>
    `La base de datos PostgreSQL ${database} ya tiene datos (${rows} filas de cuentas o de auditoría): no se ha escrito nada, ni allí ni en el directorio. ` +
    'Restaure en una base de datos vacía (createdb, o bórrela y créela de nuevo).',
  restorePostgresOlderData:
    'Esta copia tiene los datos de una versión anterior, sin actualizar: no se copian a PostgreSQL así. Restáurela sin --database-url, arranque el servidor una vez (la actualiza), y cópiela con npm run migrate-to-postgres. No se ha escrito nada.',
  restoreIntoPostgres: ({ database, dataDir }: { database: string; dataDir: string }) =>
    `Los datos y los documentos están en la base de datos PostgreSQL ${database}; ${dataDir} tiene sus claves. Arranque los servidores con DATABASE_URL y una copia de esas claves.`,
  restorePostgresAuditFails: ({ database, problem }: { database: string; problem: string }) =>
    `El registro de auditoría copiado a ${database} no supera su comprobación: ${problem}`,
};
