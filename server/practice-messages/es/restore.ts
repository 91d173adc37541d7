// The practice's messages for `npm run restore`: a backup put back into a DATA_DIR; in Spanish.
export const restore = {
  restoreUsage:
    'Uso: npm run restore -- ARCHIVO --data-dir DIR [--database-url URL] [--force] [--recovery-key] [--new-practice-key] [--unencrypted]   (la frase de la copia, de BACKUP_PASSPHRASE o del terminal; ' +
    'la de la consulta, de PASSPHRASE_FILE, PASSPHRASE o del terminal)',
  restoreDone: (p: { createdAt: string; writtenBy: string | undefined; dataDir: string; patients: number; documents: number; auditChain: string; seconds: string }) =>
    `Restaurada la copia del ${p.createdAt}${p.writtenBy ? ` (escrita por Expediente ${p.writtenBy})` : ''} en ${p.dataDir}: ` +
    `${p.patients} pacientes, ${p.documents} documentos (comprobados todos), registro de auditoría ${p.auditChain}, en ${p.seconds} s.`,
  restoreReplaced: ({ dir }: { dir: string }) => `Lo que había antes en el directorio está en ${dir}.`,
  restoreMasterKey: 'Los documentos están cifrados con MASTER_KEY: arranque el servidor con la misma MASTER_KEY.',
  restorePlainNoKeys: 'Este archivo sin cifrar no lleva claves: vuelva a poner usted los ficheros document-key y audit-key (o MASTER_KEY).',
  restoreOlderData:
    'Esta copia tiene los datos de una versión anterior, sin actualizar: la versión anterior los sirve tal cual, y esta los actualizará al arrancar (con una copia previa).',
  restoreSignInAgain: 'Las sesiones de antes de la copia ya no valen: todos vuelven a iniciar sesión.',
  restoreFailed: ({ reason }: { reason: string }) => `La restauración ha fallado y no se ha escrito nada: ${reason}`,
  restoreTargetNotEmpty: ({ target }: { target: string }) =>
    `${target} no está vacío; no se ha escrito nada. Restaure en un directorio vacío, o añada --force para sustituirlo (lo que tiene se aparta, no se borra).`,
  restoreTargetServed: ({ target, server }: { target: string; server: string }) =>
    `${target} es el DATA_DIR de un servidor en marcha (${server}); no se ha escrito nada. Detenga antes ese servidor y restaure después.`,
  restoreMasterKeyMismatch:
    'MASTER_KEY no es la clave con que se cifraron los documentos de esta copia; no se ha escrito nada. Restaure con la MASTER_KEY que usaba el servidor copiado.',
  restoreAuditFails: ({ problem }: { problem: string }) => `El registro de auditoría de la copia no pasa su comprobación; no se ha escrito nada: ${problem}`,
  restoreHeadMismatch: ({ reason }: { reason: string }) =>
    `La cabeza de auditoría de la copia no corresponde a su clave de auditoría; no se ha escrito nada: ${reason}`,
  restoreChainIntact: ({ rows }: { rows: number }) => `intacto (${rows} filas)`,
  restoreChainIntactToHead: ({ rows, writtenAt }: { rows: number; writtenAt: string }) => `intacto (${rows} filas, hasta la cabeza sellada del ${writtenAt})`,
  restoreChainBroken: ({ id }: { id: number }) => `ROTO en la fila ${id} (ya lo estaba en el servidor copiado)`,
  restoreChainNoKey: 'sin comprobar: la copia no lleva la clave de auditoría',
  restoreTargetLocked: ({ target }: { target: string }) =>
    `${target} es una consulta cifrada cuya clave no tiene este proceso: desbloquéela antes. No se ha escrito nada.`,
  restoreNeedsPracticeKey: 'Los datos restaurados se cifran con una clave de la consulta, y no se ha dado ninguna: dé su frase. No se ha escrito nada.',
  restoreArchiveKeyWrong:
    'Esa frase no abre la clave de la consulta que lleva esta copia (la de la consulta copiada); no se ha escrito nada. Dé la frase de esa consulta, ' +
    'su clave de recuperación (--recovery-key, o RECOVERY_KEY), o --new-practice-key para hacer una clave nueva con la frase dada.',
  restorePracticeKeyKept: ({ dataDir }: { dataDir: string }) =>
    `Los datos restaurados se cifran con la clave de la consulta que tenía ${dataDir}: los abren la misma frase y la misma clave de recuperación.`,
  restorePracticeKeyFromArchive: 'Los datos restaurados se cifran con la clave de la consulta copiada: los abren su frase y su clave de recuperación.',
  restorePracticeKeyNew: 'Los datos restaurados se cifran con una clave de la consulta nueva, que abre la frase dada.',
  restoreUnencryptedRefused:
    '--unencrypted es para la copia de una consulta sin cifrar (para volver a una versión anterior al cifrado); esta es de una consulta cifrada, cuyos expedientes nunca salen de ella en claro. No se ha escrito nada.',
  restoreUnencrypted:
    'Los datos restaurados quedan sin cifrar, como estaba la consulta copiada: para la versión anterior al cifrado. De vuelta en esta versión, npm run encrypt (expediente encrypt) los cifra otra vez.',
};
