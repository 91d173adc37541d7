// The practice's messages for a backup archive read back: what is wrong with one that does not
// open; in Spanish.
export const archive = {
  archiveNotAnArchive: 'Este fichero no es una copia de Expediente (le falta la cabecera).',
  archiveFormatVersion: ({ version, supported }: { version: number; supported: number }) =>
    `Esta copia tiene el formato ${version}; esta versión de Expediente lee el formato ${supported}.`,
  archiveHeaderDamaged: 'La cabecera de la copia está dañada (parámetros de clave o de bloques imposibles).',
  archiveWrongPassphrase: 'La frase no es la de esta copia, o su cabecera está dañada: no se ha restaurado nada.',
  archiveCutAfterChunk: ({ index }: { index: number }) => `La copia está cortada: acaba tras el bloque ${index} sin su último bloque.`,
  archiveCutInsideChunk: ({ index }: { index: number }) => `La copia está cortada dentro del bloque ${index}.`,
  archiveFinalChunkDamaged: ({ index }: { index: number }) => `La copia está dañada o cortada: su último bloque (${index}) no pasa su etiqueta de autenticación.`,
  archiveChunkDamaged: ({ index, offset }: { index: number; offset: number }) =>
    `La copia está dañada: el bloque ${index} (en el byte ${offset}) no pasa su etiqueta de autenticación.`,
  archiveBytesAfterEnd: 'La copia tiene bytes después de su marca de fin.',
  archiveUnknownEntryKind: 'El contenido de la copia está mal formado (tipo de entrada desconocido).',
  archiveUnknownEntry: ({ name }: { name: string }) => `La copia contiene una entrada que esta versión no conoce: ${name}.`,
  archiveEndsInside: ({ what }: { what: string }) => `La copia acaba en medio de ${what}.`,
  archiveTwice: ({ name }: { name: string }) => `La copia contiene ${name} dos veces.`,
  archiveManifestNotFirst: 'La copia no empieza por su manifiesto.',
  archiveNoManifest: 'La copia no tiene manifiesto.',
  archiveNoDatabase: 'La copia no contiene base de datos.',
  archiveManifestMalformed: 'El manifiesto de la copia está mal formado.',
  archiveIntegrity: ({ detail }: { detail: string }) => `La base de datos de la copia no pasa integrity_check: ${detail}`,
  archiveManifestMismatch: (p: { patients: number; documents: number; manifestPatients: number; manifestDocuments: number }) =>
    `La base de datos de la copia no coincide con su manifiesto (${p.patients} pacientes, ${p.documents} documentos; el manifiesto dice ${p.manifestPatients} y ${p.manifestDocuments}).`,
  archiveLacksBlob: ({ code, blob }: { code: string; blob: string }) => `A la copia le falta el documento cifrado de ${code}… (${blob}).`,
  archiveBlobSize: ({ blob, size, expected }: { blob: string; size: number; expected: number }) =>
    `El documento cifrado ${blob} tiene ${size} bytes; su documento necesita ${expected}.`,
  archiveBlobKey: ({ blob }: { blob: string }) =>
    `El documento cifrado ${blob} no se abre con la clave de documentos de la copia: la clave y los documentos no van juntos.`,
};
