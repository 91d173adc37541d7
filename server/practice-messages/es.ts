// What the binary and the scripts say to the practice, in Spanish (the product's first language).
// en.ts has the same keys, checked by its type. Each message says what happened and what to do.
const sealedHead = (writtenAt: string) => `la cabeza sellada del ${writtenAt}`;

export const es = {
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
  upgradeFinished: ({ dataDir, release, goBack }: { dataDir: string; release: string; goBack: string }) =>
    `Actualización terminada: los datos de ${dataDir} son ya de Expediente ${release}. ` +
    `Para volver atrás: detenga Expediente, ejecute ${goBack} (con la misma BACKUP_PASSPHRASE) y arranque la versión anterior sobre ${dataDir}.`,
  upgradeFinishedWithoutBackup: ({ dataDir, release }: { dataDir: string; release: string }) =>
    `Actualización terminada: los datos de ${dataDir} son ya de Expediente ${release}. Se hizo sin copia previa (--no-backup).`,

  backupUsage: 'Uso: npm run backup -- --out ARCHIVO [--data-dir DIR]   (DATA_DIR si no se indica; la frase, de BACKUP_PASSPHRASE o del terminal)',
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

  restoreUsage:
    'Uso: npm run restore -- ARCHIVO --data-dir DIR [--force] [--recovery-key] [--new-practice-key] [--unencrypted]   (la frase de la copia, de BACKUP_PASSPHRASE o del terminal; ' +
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

  auditVerifyHelp: `npm run audit:verify [-- --since-checkpoint]

Comprueba el registro de auditoría de DATA_DIR (por defecto ./data) contra su cadena HMAC y su cabeza sellada.

  (sin opción)         La comprobación completa: recalcula la cadena de cada fila y comprueba que están
                       todas las filas hasta la cabeza sellada. Decenas de segundos con millones de filas.
  --since-checkpoint   La comprobación de cada noche: parte de la cabeza sellada (DATA_DIR/audit-head,
                       que el servidor escribe cada cinco minutos sobre filas cuya cadena acaba de
                       recalcular). Comprueba que la fila de la cabeza conserva el valor que selló y que no
                       falta ninguna fila hasta ella (su número), y recalcula la cadena solo de las filas
                       posteriores. NO recalcula las filas hasta la cabeza: una fila editada después de
                       sellarse solo la ve la comprobación completa. Hágala también de vez en cuando
                       (cada semana, y tras restaurar).
  --help               Este texto.

Sale con 0 si está intacto, 1 ante cualquier fallo, 2 si DATA_DIR no tiene base de datos o clave de auditoría.`,
  auditVerifyNoData: ({ dataDir }: { dataDir: string }) =>
    `No hay base de datos o clave de auditoría en ${dataDir}: ponga en DATA_DIR el directorio de datos del servidor.`,
  auditVerifyHeadTampered: ({ file, reason }: { file: string; reason: string }) => `${file}: ${reason} Trate el registro de auditoría como manipulado.`,
  auditVerifyCounted: ({ verified, before, unchained }: { verified: number; before: boolean; unchained: number }) =>
    `${verified} filas ${before ? 'anteriores ' : ''}comprobadas por la cadena` +
    (unchained ? ` (${unchained} filas anteriores a la primera sellada no llevan cadena).` : '.'),
  auditIntact: ({ verified, unsealed }: { verified: number; unsealed: number }) =>
    `Cadena de auditoría intacta: ${verified} filas comprobadas` +
    (unsealed ? ` (${unsealed} filas anteriores se escribieron antes de que empezara la cadena y no las cubre).` : '.'),
  auditHeadAllThere: ({ writtenAt, lastId, count }: { writtenAt: string; lastId: number; count: number }) =>
    `Están todas las filas hasta la cabeza sellada del ${writtenAt} (fila ${lastId}, ${count} filas).`,
  auditNoHeadYet: ({ dataDir, file }: { dataDir: string; file: string }) =>
    `Aún no hay cabeza sellada en ${dataDir} (${file}): se juzga solo por la cadena, que no puede mostrar filas cortadas del final.`,
  auditIntactSinceCheckpoint: ({ verified, writtenAt, lastId }: { verified: number; writtenAt: string; lastId: number }) =>
    `Cadena de auditoría intacta desde el punto de control: comprobadas ${verified} filas posteriores a la cabeza sellada del ${writtenAt} (fila ${lastId}).`,
  auditUpToHeadNotRecomputed: ({ count }: { count: number }) =>
    `Están las ${count} filas hasta ella; no se han recalculado (eso lo hace la comprobación completa, sin --since-checkpoint).`,
  auditNoHeadToStart: ({ dataDir, file }: { dataDir: string; file: string }) =>
    `No hay cabeza sellada en ${dataDir} (${file}) desde la que empezar: se comprueba todo el registro.`,

  auditRowUnchained: ({ id, at, action }: { id: number; at: string; action: string }) =>
    `Cadena de auditoría rota en la fila ${id} (${at}, ${action}): no tiene cadena aunque una fila anterior está sellada, así que se la quitaron.`,
  auditRowAltered: ({ id, at, action }: { id: number; at: string; action: string }) =>
    `Cadena de auditoría rota en la fila ${id} (${at}, ${action}): se alteró, quitó o reordenó esa fila o una anterior.`,
  headNothingChained: ({ writtenAt, firstSealedId }: { writtenAt: string; firstSealedId: number }) =>
    `Ninguna fila de auditoría lleva cadena, pero ${sealedHead(writtenAt)} dice que se sellaron desde la ${firstSealedId}: se vació el registro o se quitaron sus cadenas.`,
  headFirstSealedMoved: ({ writtenAt, first, firstSealedId }: { writtenAt: string; first: number; firstSealedId: number }) =>
    `La primera fila sellada es la ${first}, pero ${sealedHead(writtenAt)} dice que era la ${firstSealedId}: se quitaron filas selladas o se anularon sus cadenas.`,
  headRowGone: ({ writtenAt, lastId }: { writtenAt: string; lastId: number }) =>
    `Faltan filas hasta la cabeza sellada: ${sealedHead(writtenAt)} acaba en la fila ${lastId}, y esa fila ya no está.`,
  headRowDiffers: ({ writtenAt, lastId }: { writtenAt: string; lastId: number }) =>
    `La fila ${lastId}, donde acaba ${sealedHead(writtenAt)}, no es la que selló: su cadena es otra, así que se alteró o sustituyó esa fila o una anterior.`,
  headCountDiffers: ({ writtenAt, lastId, count, counted }: { writtenAt: string; lastId: number; count: number; counted: number }) =>
    `Faltan o sobran filas hasta la cabeza sellada: hay ${count} filas hasta la ${lastId}, donde ${sealedHead(writtenAt)} contó ${counted}.`,
  headMalformed: 'La cabeza sellada de auditoría está mal formada: se dañó o se sustituyó.',
  headForged: 'La cabeza sellada de auditoría no pasa su firma con la clave de auditoría: se editó o se falsificó.',

  startRefusedKey: ({ why, dir, fileName, readable }: { why: string; dir: string; fileName: string; readable: boolean }) =>
    `No arranca: ${why}. No se ha creado ninguna clave nueva. ` +
    `Recupérela de una copia: «npm run restore -- COPIA --data-dir ${dir}» (o «expediente restore COPIA --data-dir ${dir}») restaura las claves con los datos; ` +
    `o vuelva a poner el fichero ${fileName} desde una copia de DATA_DIR${readable ? '' : ', o haga que lo pueda leer el usuario del servidor'}.`,
  keyProblemAndDependants: ({ path, problem, dependants }: { path: string; problem: string; dependants: string }) => `${path} ${problem}, y ${dependants}`,
  auditRowsNeedKey: ({ rows }: { rows: number }) =>
    `el registro de auditoría tiene ${rows} ${rows === 1 ? 'fila sellada' : 'filas selladas'} con ella, que una clave nueva haría parecer manipuladas`,
  documentsNeedKey: ({ rows }: { rows: number }) =>
    `${rows} ${rows === 1 ? 'documento está cifrado' : 'documentos están cifrados'} con ella, que una clave nueva no abriría`,
  totpSeedsNeedKey: ({ rows }: { rows: number }) => `${rows} ${rows === 1 ? 'semilla de aplicación de autenticación está sellada' : 'semillas de aplicación de autenticación están selladas'} con ella, que una clave nueva no abriría`,
  documentsMaybeMasterKey: 'Si los documentos se cifraron con MASTER_KEY, arranque con esa MASTER_KEY.',
  keyMissing: 'no existe',
  keyNotAFile: 'no es un fichero normal',
  keyEmpty: 'está vacío',
  keyDamaged: 'no contiene una clave entera (demasiado corta o dañada)',
  keySealed: 'está cifrado con la clave de la consulta, que este proceso no tiene: desbloquee la consulta',
  keySealedByAnother: 'no se abre con la clave de esta consulta (de otra consulta, o alterado)',
  practiceNotEncrypted: ({ dataDir, passphraseUnused }: { dataDir: string; passphraseUnused: boolean }) =>
    `Los datos de ${dataDir} no están cifrados: quien copie el disco puede leerlos. Para cifrarlos, detenga Expediente y ejecute ` +
    `npm run encrypt -- --data-dir ${dataDir} (elija entonces la frase del consultorio y guarde aparte la clave de recuperación).` +
    (passphraseUnused ? ' Hasta entonces no se usa la frase de PASSPHRASE_FILE o PASSPHRASE.' : ''),
  practiceCreated: ({ dataDir, recoveryKey }: { dataDir: string; recoveryKey: string }) =>
    `Consultorio nuevo en ${dataDir}, cifrado con la frase del consultorio. Su clave de recuperación, que solo se muestra esta vez:\n\n` +
    `    ${recoveryKey}\n\n` +
    'Imprímala (o cópiela a mano) y guárdela lejos de este equipo y de la frase: si la frase se pierde, es lo único que abre los datos.',
  practicePassphraseTooShort: ({ min }: { min: number }) =>
    `La frase del consultorio (PASSPHRASE_FILE o PASSPHRASE) debe tener al menos ${min} caracteres: protege una copia del disco entero. No se ha creado nada.`,
  practicePassphraseRefused: ({ dataDir }: { dataDir: string }) =>
    `La frase de PASSPHRASE_FILE o PASSPHRASE no abre la clave del consultorio de ${dataDir}: el consultorio queda bloqueado hasta que se abra en el navegador.`,
  practiceLocked: ({ url }: { url: string }) =>
    `El consultorio está bloqueado: sus datos siguen cifrados hasta que alguien abra ${url} y escriba la frase del consultorio o la clave de recuperación ` +
    '(o hasta que se arranque con PASSPHRASE_FILE).',
  practiceToSetUp: ({ url, dataDir }: { url: string; dataDir: string }) =>
    `Consultorio nuevo: abra ${url} para elegir la frase que cifrará todo lo que guarde en ${dataDir} y ver su clave de recuperación ` +
    '(o arranque con PASSPHRASE_FILE o PASSPHRASE).',
  practiceOpened: ({ how }: { how: 'passphrase' | 'recoveryKey' }) =>
    `Consultorio abierto desde el navegador con ${how === 'passphrase' ? 'su frase' : 'su clave de recuperación'}.`,
  practiceSetUp: 'Consultorio nuevo creado desde el navegador, con sus datos cifrados; la clave de recuperación se ha mostrado allí, una sola vez.',
  keyUnreadable: ({ code }: { code: string }) => `no se puede leer (${code})`,
  keyLeftAsIs: ({ path, problem }: { path: string; problem: string }) =>
    `${path} ${problem}; se ha dejado como estaba. Haga que lo pueda leer el usuario del servidor, o vuelva a poner una copia buena.`,
  keyTightened: ({ path, mode }: { path: string; mode: string }) =>
    `${path} estaba abierto a otros usuarios (modo ${mode}); se ha restringido a 0600. Quien pudiera leerlo puede tener una copia de la clave.`,
  keyCannotTighten: ({ path, mode, code }: { path: string; mode: string; code: string }) =>
    `${path} está abierto a otros usuarios (modo ${mode}) y no se ha podido restringir a 0600 (${code}): hágalo privado del usuario del servidor.`,
  demoUsage: 'Uso: npm run demo [-- --data-dir DIR]   crea un consultorio de demostración en DIR (por defecto DATA_DIR, o ./data)',
  demoPracticeExists: ({ path, accounts }: { path: string; accounts: number }) =>
    `${path} ya tiene un consultorio (${accounts} cuentas): la demostración nunca escribe encima de uno. Elija un DATA_DIR vacío (o --data-dir DIR).`,
  demoCreated: (p: { dataDir: string; seconds: string; patients: number; shared: number; today: number; coming: number }) =>
    `Consultorio de demostración creado en ${p.dataDir} en ${p.seconds} s: ${p.patients} pacientes (${p.shared} atendidos por los dos médicos), ` +
    `${p.today} citas hoy y ${p.coming} más hasta el próximo viernes.`,
  demoDay: (p: { practice: string; held: number; prescriptions: number; voided: number; addenda: number }) =>
    `${p.practice}: ${p.held} consultas de hoy ya atendidas, con ${p.prescriptions} recetas (${p.voided} anuladas); ${p.addenda} adendas en visitas pasadas.`,
  demoPassword: ({ password }: { password: string }) => `Contraseña de todas las cuentas: ${password}`,
  demoAdministrator: ({ email, name }: { email: string; name: string }) => `  administración  ${email}  (${name}; Administración en el menú de usuario)`,
  demoMedic: ({ email, name, patients }: { email: string; name: string; patients: number }) => `  médico          ${email}  (${name}, ${patients} pacientes)`,
  demoPatient: ({ email, name }: { email: string; name: string }) => `  paciente        ${email}  (${name}: dos documentos y una cita hoy)`,
  demoCodesLeftOut: ({ codes }: { codes: string }) =>
    `Las citas se escribieron sin ${codes}: ningún catálogo de diagnósticos los tiene (CATALOG_DIR; vea el README).`,

  tlsUsage: [
    'Uso: npm run tls -- --host NOMBRE [--host NOMBRE]... [--ip DIRECCIÓN]... --ca-key ARCHIVO [--new-ca] [--data-dir DIR]',
    '  --host NOMBRE     un nombre que el consultorio escribe para llegar a esta máquina (consultorio.local); el',
    '                    primero es al que se atan las llaves de acceso. Repítalo para más nombres.',
    '  --ip DIRECCIÓN    una dirección de esta máquina (192.168.1.20) para los equipos que la usan en vez de un nombre.',
    '  --ca-key ARCHIVO  la clave privada de la autoridad del consultorio, cifrada con una frase: se escribe ahí al crearla',
    '                    y se lee de ahí cada vez que firma. Fuera de DATA_DIR (una memoria USB que se guarda aparte, por',
    '                    ejemplo). La frase, de CA_PASSPHRASE o del terminal; al menos 12 caracteres.',
    '  --new-ca          sustituye la autoridad de certificación del consultorio: todos los equipos deberán instalar la nueva.',
    '  --data-dir DIR    dónde van los certificados, en DIR/tls (DATA_DIR, o ./data).',
    'La autoridad solo puede avalar los nombres y direcciones de --host e --ip (y localhost): para uno nuevo, --new-ca.',
    'Una clave sin cifrar de una versión anterior (DATA_DIR/tls/ca.key) se escribe cifrada en --ca-key y se borra.',
  ].join('\n'),
  tlsHostRequired: '--host es obligatorio: el nombre que el consultorio escribe para llegar a esta máquina.',
  tlsHostIsAddress: ({ given }: { given: string }) => `--host ${given} es una dirección: désela con --ip, y un nombre con --host.`,
  tlsNotAHostName: ({ given }: { given: string }) => `--host ${given} no es un nombre de máquina (letras, cifras y guiones, separados por puntos).`,
  tlsNotAnAddress: ({ given }: { given: string }) => `--ip ${given} no es una dirección IPv4 ni IPv6.`,
  tlsCaKeyRequired:
    '--ca-key es obligatorio: el archivo, fuera de DATA_DIR, donde está (o irá) la clave de la autoridad del consultorio, cifrada.',
  tlsFailed: ({ reason }: { reason: string }) => `npm run tls ha fallado: ${reason}`,
  tlsCaCreated: 'Creada una autoridad de certificación nueva para el consultorio',
  tlsCaReplaced: 'Sustituida la autoridad de certificación del consultorio (--new-ca): todos los equipos deben instalar la nueva',
  tlsCaReused: 'Se mantiene la autoridad de certificación del consultorio: los equipos que ya confían en ella no necesitan nada nuevo',
  tlsCaScope: ({ scope }: { scope: string }) => `Solo puede avalar: ${scope} (para un nombre nuevo hace falta otra autoridad: --new-ca)`,
  tlsCaUnconstrained:
    'AVISO: esta autoridad se hizo antes de que se limitaran a los nombres del consultorio, y puede avalar cualquier sitio. ' +
    'Sustitúyala con --new-ca cuando todos los equipos puedan instalar la nueva.',
  tlsCaKeyMoved: ({ legacyKey, keyFile }: { legacyKey: string; keyFile: string }) =>
    `La clave de la autoridad estaba sin cifrar en ${legacyKey}: se ha escrito cifrada en ${keyFile} y se ha borrado ${legacyKey}.`,
  tlsLegacyKeyRemoved: ({ legacyKey }: { legacyKey: string }) => `Borrada la copia sin cifrar de la clave de la autoridad: ${legacyKey}.`,
  tlsIssued: (p: {
    caLine: string;
    caCert: string;
    caUntil: string;
    caSubject: string;
    sha256: string;
    sha1: string;
    scopeLine: string;
    keyFile: string;
    names: string;
    serverCert: string;
    serverUntil: string;
    host: string;
  }) =>
    [
      `${p.caLine}: ${p.caCert} (válida hasta el ${p.caUntil})`,
      `  ${p.caSubject}`,
      `  Huella SHA-256: ${p.sha256}`,
      `  Huella SHA-1 (la «Huella digital» de Windows): ${p.sha1}`,
      `  ${p.scopeLine}`,
      `  Su clave, cifrada: ${p.keyFile}. Guárdela fuera de este servidor, y su frase aparte: hacen falta las dos para renovar.`,
      `Emitido el certificado del servidor para ${p.names}: ${p.serverCert} (válido hasta el ${p.serverUntil}; vuelva a ejecutar esto antes)`,
      '',
      'Después: (re)arranque el servidor con `npm start` (HOST=0.0.0.0 para servir a la red del consultorio). Sirve HTTPS',
      `y responde al HTTP normal en el mismo puerto con una redirección. En cada equipo, abra http://${p.host}:PUERTO/practice-ca.crt,`,
      'instale la autoridad como dice el README, y compruebe que el equipo muestra la huella de arriba antes de confiar en ella.',
    ].join('\n'),
  tlsCaUnusable: ({ dir, reason }: { dir: string; reason: string }) =>
    `La autoridad de certificación del consultorio en ${dir} no se puede usar (${reason}). Vuelva a ejecutarlo con --new-ca para sustituirla; todos los equipos deberán instalar la nueva.`,
  tlsCaExpired: ({ dir, date }: { dir: string; date: string }) =>
    `La autoridad de certificación del consultorio en ${dir} caducó el ${date}. Vuelva a ejecutarlo con --new-ca; todos los equipos deberán instalar la nueva.`,
  tlsCaHalf: ({ present, missing }: { present: string; missing: string }) =>
    `${present} está, pero falta ${missing}. Devuelva a su sitio el que falta, o vuelva a ejecutarlo con --new-ca para crear una autoridad nueva (todos los equipos deberán instalarla).`,
  tlsCaKeyMissing: ({ keyFile, caCert }: { keyFile: string; caCert: string }) =>
    `La clave de la autoridad de ${caCert} no está en ${keyFile}. Dé a --ca-key el archivo donde se escribió al crearla (y su frase), ` +
    'o vuelva a ejecutarlo con --new-ca; todos los equipos deberán instalar la nueva.',
  tlsCaKeyNotEncrypted: ({ keyFile }: { keyFile: string }) =>
    `${keyFile} no es una clave cifrada de las que escribe esta orden (ENCRYPTED PRIVATE KEY): compruebe --ca-key. No se ha escrito nada.`,
  tlsCaKeyNotOurs: ({ keyFile }: { keyFile: string }) =>
    `${keyFile} ya existe y no es una clave de autoridad que haya escrito esta orden: se deja como está. Elija otro archivo para --ca-key.`,
  tlsWrongPassphrase: ({ keyFile }: { keyFile: string }) =>
    `La frase no abre ${keyFile} (o el archivo está dañado): no se ha escrito nada. Vuelva a intentarlo con la frase que se eligió al crear la autoridad.`,
  tlsCaKeyInsideDataDir: ({ keyFile, dataDir }: { keyFile: string; dataDir: string }) =>
    `--ca-key ${keyFile} está dentro de DATA_DIR (${dataDir}): quien copiara esa carpeta se llevaría también la clave. Elija un sitio fuera de ella.`,
  tlsCaKeyFolderMissing: ({ folder }: { folder: string }) =>
    `La carpeta de --ca-key, ${folder}, no existe (¿la memoria no está montada?): no se ha escrito nada.`,
  tlsCaKeyNotAFile: ({ keyFile }: { keyFile: string }) => `--ca-key ${keyFile} no es un archivo.`,
  tlsLegacyKeyNotThisAuthority: ({ legacyKey, caCert }: { legacyKey: string; caCert: string }) =>
    `${legacyKey} no es la clave de la autoridad ${caCert}: se deja como está. Llévela fuera de DATA_DIR (o bórrela si no la necesita) y vuelva a ejecutar esto.`,
  tlsKeyNotItsCertificate: 'la clave de la autoridad no es la de su certificado',
  tlsKeyNotP256: 'la clave no es una clave ECDSA P-256',
  tlsNamesOutsideAuthority: ({ names, scope }: { names: string; scope: string }) =>
    `La autoridad del consultorio solo puede avalar ${scope}, y no ${names}: los equipos rechazarían ese certificado. ` +
    'Para un nombre nuevo hace falta una autoridad nueva: vuelva a ejecutarlo con todos los nombres y --new-ca (todos los equipos deberán instalarla).',
  tlsPassphraseNeeded: 'Defina CA_PASSPHRASE, o ejecute esto en un terminal para escribir la frase de la clave de la autoridad.',
  tlsPassphrasePrompt: 'Frase de la clave de la autoridad: ',
  tlsNewPassphrasePrompt: ({ min }: { min: number }) => `Frase nueva para cifrar la clave de la autoridad (al menos ${min} caracteres): `,
  tlsPassphraseAgain: 'La misma frase otra vez: ',
  tlsPassphrasesDiffer: 'Las dos frases no coinciden; no se ha escrito nada.',
  tlsPassphraseTooShort: ({ min }: { min: number }) =>
    `La frase de la clave de la autoridad debe tener al menos ${min} caracteres: es lo único que protege la clave. No se ha escrito nada.`,

  lockOwnerUnknown: ({ seconds }: { seconds: number }) =>
    `un servidor que aún no se ha anotado: puede estar arrancando; si no hay ninguno, el bloqueo se libera solo en ${seconds} s`,
  lockOwner: ({ pid, host, since, url }: { pid: number; host: string; since: string; url: string | undefined }) =>
    `pid ${pid} en ${host}, desde ${since}${url ? `, en ${url}` : ''}`,
  lockLost: ({ dir, reason }: { dir: string; reason: string }) =>
    `Este servidor ha perdido su bloqueo del DATA_DIR ${dir} (${reason}); se detiene, para que nunca compartan el directorio dos servidores.`,
  dataDirInUse: ({ dataDir, owner }: { dataDir: string; owner: string }) =>
    `Ya hay otro servidor de Expediente con el DATA_DIR ${dataDir} (${owner}), así que este no arranca. Detenga antes aquel, o dé a este otro DATA_DIR.`,
  backupPracticeLocked: ({ dataDir }: { dataDir: string }) =>
    `${dataDir} está cifrado y este proceso no tiene su clave de la consulta: desbloquee antes la consulta (su frase en PASSPHRASE_FILE o PASSPHRASE, o en el terminal). No se ha escrito nada.`,
  backupPlainOfEncrypted: '--plain no se admite en una consulta cifrada: sus expedientes nunca salen de ella sin cifrar. No se ha escrito nada.',
  recoveryKeyNeeded: 'Defina RECOVERY_KEY, o ejecute esto en un terminal para escribir la clave de recuperación.',
  recoveryKeyPrompt: 'Clave de recuperación de la consulta: ',
  practicePassphraseNeeded:
    'La consulta está cifrada: defina PASSPHRASE_FILE o PASSPHRASE con su frase (o RECOVERY_KEY con su clave de recuperación), o ejecute esto en un terminal para escribirla.',
  practicePassphrasePrompt: 'Frase de la consulta: ',
  newPracticePassphraseNeeded: ({ variable }: { variable: string }) =>
    `Defina ${variable} con la frase nueva de la consulta, o ejecute esto en un terminal para escribirla.`,
  newPracticePassphrasePrompt: ({ min }: { min: number }) => `Frase nueva de la consulta (al menos ${min} caracteres): `,
  practicePassphraseAgain: 'La misma frase una vez más: ',
  practicePassphrasesDiffer: 'Las dos frases no coinciden; no se ha cambiado nada.',
  commandPassphraseTooShort: ({ min }: { min: number }) =>
    `La frase de la consulta debe tener al menos ${min} caracteres: es lo único que separa una copia del disco de los expedientes. No se ha cambiado nada.`,
  wrongPracticePassphrase: ({ dataDir }: { dataDir: string }) =>
    `Esa frase no abre la clave de la consulta de ${dataDir}; no se ha hecho nada. Pruebe otra vez, o dé la clave de recuperación (--recovery-key, o RECOVERY_KEY).`,
  wrongRecoveryKey: ({ dataDir }: { dataDir: string }) =>
    `Esa clave de recuperación no abre la clave de la consulta de ${dataDir}; no se ha hecho nada. Compárela con la copia impresa.`,
  encryptionUnfinished: ({ dataDir }: { dataDir: string }) =>
    `${dataDir} tiene clave de la consulta pero su base de datos sigue sin cifrar: un cifrado (npm run encrypt, expediente encrypt) se detuvo antes de su último paso. ` +
    `Ejecútelo otra vez sobre ${dataDir} con la misma frase para terminarlo; no se ha perdido nada.`,
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
  recoveryKeyShownOnce: ({ recoveryKey }: { recoveryKey: string }) =>
    `La clave de recuperación de la consulta, que se muestra solo esta vez. Imprímala y guárdela lejos de esta máquina y de la frase: perdida la frase, solo ella abre los datos.\n\n    ${recoveryKey}\n`,
  startWithPassphrase: 'Arranque el servidor con la frase en PASSPHRASE_FILE (o PASSPHRASE), o desbloquéelo en el navegador.',
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
  encryptSealedLeftovers: ({ files }: { files: string }) => `Se han cifrado con la clave de la consulta los ficheros de claves que seguían en claro: ${files}.`,
  restoreUnencryptedRefused:
    '--unencrypted es para la copia de una consulta sin cifrar (para volver a una versión anterior al cifrado); esta es de una consulta cifrada, cuyos expedientes nunca salen de ella en claro. No se ha escrito nada.',
  restoreUnencrypted:
    'Los datos restaurados quedan sin cifrar, como estaba la consulta copiada: para la versión anterior al cifrado. De vuelta en esta versión, npm run encrypt (expediente encrypt) los cifra otra vez.',

  demoEncryptedPracticeExists: ({ path }: { path: string }) =>
    `${path}: este DATA_DIR ya tiene un consultorio cifrado, y la demostración nunca escribe encima de uno. Elija un DATA_DIR vacío (o --data-dir DIR).`,
  demoPlainDatabaseExists: ({ path }: { path: string }) =>
    `${path} es una base de datos sin cifrar, aún sin cuentas: la demostración crea un consultorio cifrado y no escribe encima de ella. Elija un DATA_DIR vacío (o --data-dir DIR).`,
  demoEncrypted:
    'Todo lo que guarda DATA_DIR está cifrado (la base de datos, los documentos y las claves): solo se abre con la frase de la consulta o con su clave de recuperación.',
  demoPassphraseMade: ({ passphrase }: { passphrase: string }) => `Frase de la consulta (hecha para esta demostración): ${passphrase}`,
  demoPassphraseGiven: ({ source }: { source: string }) => `Frase de la consulta: la de ${source}`,
  demoRecoveryKey: ({ recoveryKey }: { recoveryKey: string }) =>
    `Clave de recuperación (abre la consulta si se pierde la frase; un consultorio de verdad la imprime y la guarda aparte): ${recoveryKey}`,
  demoYourPassphrase: 'su frase',
  demoStartEncrypted: ({ command, plain }: { command: string; plain: string }) =>
    `Arránquelo:  ${command}   (o ${plain} y escriba la frase en la página de desbloqueo; luego abra la dirección que muestra, http://127.0.0.1:3000 por defecto)`,
};
