// The practice's messages for `npm run migrate-to-postgres`: a practice copied from SQLite into the
// PostgreSQL database of a clinic network; in Spanish.
export const migrateToPostgres = {
  migrateUsage: [
    'Uso: npm run migrate-to-postgres -- --data-dir DIR --database-url URL',
    '  --data-dir DIR      el DATA_DIR del consultorio (su base de datos SQLite, sus documentos y sus claves).',
    '  --database-url URL  la base de datos PostgreSQL de la red de la clínica (postgres://usuario:clave@equipo:5432/expediente), vacía.',
    'Copia cada fila, cada documento y el registro de auditoría con su cadena, y comprueba que todo llegó igual.',
    'Después, los servidores arrancan con DATABASE_URL=URL y una copia de las claves de DIR.',
  ].join('\n'),
  migrateArgumentsMissing: 'Faltan --data-dir y --database-url: a qué consultorio y a qué base de datos.',
  migrateNoPractice: ({ dataDir }: { dataDir: string }) => `No hay un consultorio en ${dataDir} (falta expediente.db).`,
  migrateTargetNotEmpty: ({ rows }: { rows: number }) =>
    `La base de datos PostgreSQL ya tiene datos (${rows} filas de cuentas o de auditoría): no se copia encima. Use una base de datos vacía.`,
  migrateCopied: ({ tables, rows, documents }: { tables: number; rows: number; documents: number }) =>
    `Copiadas ${rows} filas de ${tables} tablas y ${documents} documentos; los recuentos coinciden y cada documento es idéntico byte a byte.`,
  migrateCountsDiffer: ({ table, sqlite, postgres }: { table: string; sqlite: number; postgres: number }) =>
    `La tabla ${table} tiene ${sqlite} filas en SQLite y ${postgres} en PostgreSQL: la copia no se completó y no se ha guardado nada.`,
  migrateDocumentMissing: ({ name }: { name: string }) => `El documento ${name} está en la base de datos pero no en DATA_DIR/documents: no se copia nada.`,
  migrateNext: ({ url }: { url: string }) => `Listo. Arranque los servidores con DATABASE_URL=${url} y una copia de las claves de este DATA_DIR.`,
};
